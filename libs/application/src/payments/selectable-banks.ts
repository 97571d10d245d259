import type { Bank } from '#libs/db';
import {
  checkInitiationContext,
  type InitiationContext,
  type PaymentInitiationInput,
  type PaymentLocalInstrument,
} from '#libs/domain';
import { matchesFilter } from '../banks/bank-filter.js';
import { orderBanks } from '../banks/bank-order.js';
import { toListedBank, type ListedBank } from '../banks/listed-bank.js';
import type { BankChoice } from './payment-progression.js';

/** A bank the user may pick for a payment, with the initiation as it would go to that bank. */
export interface SelectableBank extends BankChoice {
  readonly listed: ListedBank;
}

/** What the bank checks need besides the bank: the same context a payment with a bankId is checked in. */
export type SelectionContext = Omit<InitiationContext, 'bank'>;

/**
 * The initiation checked against one bank, by the rules POST /v2/payments applies when a bankId
 * is given (rail supported, scheduled payments, funds confirmation, refund account, the account
 * fields of the rail); AUTO_SELECT resolves to the bank's best rail. Undefined when the bank cannot
 * make the payment.
 */
export function initiationAtBank(
  initiation: PaymentInitiationInput,
  bank: Bank,
  context: SelectionContext,
): BankChoice['initiation'] | undefined {
  const atBank = { ...initiation, bankId: bank.id };
  const checked = checkInitiationContext(atBank, {
    ...context,
    bank: {
      id: bank.id,
      supportedLocalInstruments: bank.supportedLocalInstruments,
      features: bank.features as Record<string, boolean>,
      countries: bank.countries,
    },
  });
  if (checked.problems.length > 0 || checked.input.localInstrument === 'AUTO_SELECT') return undefined;
  return {
    ...checked.input,
    bankId: bank.id,
    localInstrument: checked.input.localInstrument satisfies PaymentLocalInstrument,
  };
}

/**
 * The banks that can make this payment, best ranked first: listed, with a connector, sending
 * payments, and passing the initiation's checks for that bank.
 */
export function selectableBanks(
  rows: readonly Bank[],
  initiation: PaymentInitiationInput,
  context: SelectionContext,
  hasConnector: (connectorType: string) => boolean,
): SelectableBank[] {
  const byId = new Map<string, SelectableBank>();
  for (const bank of rows) {
    if (!bank.listed || !hasConnector(bank.connectorType)) continue;
    const listed = toListedBank(bank);
    if (!listed.features.supports_send_payment) continue;
    const checked = initiationAtBank(initiation, bank, context);
    if (checked !== undefined) byId.set(bank.id, { bank, listed, initiation: checked });
  }
  return orderBanks(
    [...byId.values()].map((choice) => choice.listed),
    'RANK',
  ).map((listed) => byId.get(listed.id) as SelectableBank);
}

/** What the user narrowed the list to on the page (both optional). */
export interface BankSearch {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country?: string;
  /** Part of a bank's name, id, BIC or bank code. */
  readonly search?: string;
}

/** The user's narrowing, by the bank lists' own matching rules. */
export function narrowBanks(banks: readonly SelectableBank[], search: BankSearch): SelectableBank[] {
  return banks.filter((choice) =>
    matchesFilter(choice.listed, {
      countries: search.country === undefined ? undefined : [search.country],
      search: search.search,
    }),
  );
}

/** The countries the selectable banks operate in, sorted (the page's country filter). */
export function countriesOf(banks: readonly SelectableBank[]): string[] {
  return [...new Set(banks.flatMap((choice) => choice.listed.countries))].sort();
}

/** A query's country and search, cleaned: an unusable country is ignored, the search trimmed and capped. */
export function bankSearchOf(query: Readonly<Record<string, string>>): BankSearch {
  const country = (query['country'] ?? '').trim().toUpperCase();
  const search = (query['search'] ?? '').trim().slice(0, 100);
  return { ...(/^[A-Z]{2}$/.test(country) ? { country } : {}), ...(search === '' ? {} : { search }) };
}
