import type { PaymentCreditor } from '../payment-initiation.js';
import type { PaymentAmount, PaymentLocalInstrument } from '../../shared/payment-fields.js';
import { amountAtMost, checkAmountValue } from '../../shared/amount.js';
import { fieldProblem, type FieldProblem } from '../../shared/field-problem.js';
import { ibanCountry, isSepaCountry } from '../../shared/iban.js';
import { EEA_NON_EURO_CURRENCIES } from '../../shared/rail-currency.js';

/**
 * AUTO_SELECT: the gateway picks the rail from the creditor's identifier, the currency and the
 * value, among the rails the bank supports. Each route below lists rails in order of preference
 * (instant first); the first one the bank supports and whose cap the value respects wins. The
 * creditor's identifier forms are tried in this order: sort code, bankgiro, PlusGiro, Polish
 * account number, IBAN, BBAN.
 *
 * | currency                                  | creditor identifier            | rails, in order                                              |
 * |-------------------------------------------|--------------------------------|--------------------------------------------------------------|
 * | GBP                                       | sortCode + accountNumber       | FASTER_PAYMENTS                                              |
 * | EUR                                       | IBAN of a SEPA country         | SEPA_INSTANT (value <= 100000), SEPA                         |
 * | PLN                                       | Polish accountNumber           | ELIXIR                                                       |
 * | PLN                                       | PL IBAN                        | ELIXIR, EU_DOMESTIC_NON_EURO_INSTANT, EU_DOMESTIC_NON_EURO   |
 * | SEK                                       | bankgiroNumber                 | BANKGIRO                                                     |
 * | SEK                                       | plusgiroNumber                 | PLUSGIRO                                                     |
 * | CHF CZK DKK HUF ISK NOK PLN RON SEK        | IBAN or BBAN                   | EU_DOMESTIC_NON_EURO_INSTANT, EU_DOMESTIC_NON_EURO           |
 *
 * Anything else (USD, GBP to an IBAN, EUR to a sort code ...) has no rail.
 */

/** The SCT Inst scheme's per-payment cap in EUR, used as the routing threshold for SEPA_INSTANT. */
export const SEPA_INSTANT_MAX_EUR = '100000';

type IdentifierForm =
  'sortCode' | 'bankgiro' | 'plusgiro' | 'polishAccountNumber' | 'sepaIban' | 'plIban' | 'iban' | 'bban';

const NON_EURO_RAILS: readonly PaymentLocalInstrument[] = ['EU_DOMESTIC_NON_EURO_INSTANT', 'EU_DOMESTIC_NON_EURO'];

interface Route {
  readonly currencies: readonly string[];
  readonly form: IdentifierForm;
  readonly rails: readonly PaymentLocalInstrument[];
}

/** The routing table, as data (see the table above). */
export const AUTO_SELECT_ROUTES: readonly Route[] = [
  { currencies: ['GBP'], form: 'sortCode', rails: ['FASTER_PAYMENTS'] },
  { currencies: ['EUR'], form: 'sepaIban', rails: ['SEPA_INSTANT', 'SEPA'] },
  { currencies: ['PLN'], form: 'polishAccountNumber', rails: ['ELIXIR'] },
  { currencies: ['PLN'], form: 'plIban', rails: ['ELIXIR', ...NON_EURO_RAILS] },
  { currencies: ['SEK'], form: 'bankgiro', rails: ['BANKGIRO'] },
  { currencies: ['SEK'], form: 'plusgiro', rails: ['PLUSGIRO'] },
  { currencies: EEA_NON_EURO_CURRENCIES, form: 'plIban', rails: NON_EURO_RAILS },
  { currencies: EEA_NON_EURO_CURRENCIES, form: 'sepaIban', rails: NON_EURO_RAILS },
  { currencies: EEA_NON_EURO_CURRENCIES, form: 'iban', rails: NON_EURO_RAILS },
  { currencies: EEA_NON_EURO_CURRENCIES, form: 'bban', rails: NON_EURO_RAILS },
];

/** Per-rail caps on the value (in the payment's currency, which the route fixes). */
const RAIL_CAPS: Partial<Record<PaymentLocalInstrument, string>> = { SEPA_INSTANT: SEPA_INSTANT_MAX_EUR };

/** The creditor's identifier forms, most specific first. */
function formsOf(creditor: PaymentCreditor): IdentifierForm[] {
  const forms: IdentifierForm[] = [];
  if (creditor.sortCode !== undefined) forms.push('sortCode');
  if (creditor.bankgiroNumber !== undefined) forms.push('bankgiro');
  if (creditor.plusgiroNumber !== undefined) forms.push('plusgiro');
  if (creditor.accountNumber !== undefined && creditor.sortCode === undefined) forms.push('polishAccountNumber');
  if (creditor.iban !== undefined) {
    const country = ibanCountry(creditor.iban);
    forms.push(country === 'PL' ? 'plIban' : isSepaCountry(country) ? 'sepaIban' : 'iban');
  }
  if (creditor.bban !== undefined) forms.push('bban');
  return forms;
}

/** Rails that could carry the payment, in order of preference, before asking the bank or caps. */
export function autoSelectCandidates(amount: PaymentAmount, creditor: PaymentCreditor): PaymentLocalInstrument[] {
  const rails: PaymentLocalInstrument[] = [];
  for (const form of formsOf(creditor)) {
    for (const route of AUTO_SELECT_ROUTES) {
      if (route.form !== form || !route.currencies.includes(amount.currency)) continue;
      for (const rail of route.rails) if (!rails.includes(rail)) rails.push(rail);
    }
  }
  return rails;
}

function withinCap(rail: PaymentLocalInstrument, value: string): boolean {
  const cap = RAIL_CAPS[rail];
  return cap === undefined || (checkAmountValue(value) === undefined && amountAtMost(value, cap));
}

const NO_ROUTE_HINT =
  'AUTO_SELECT routes GBP to sortCode and accountNumber, EUR to an IBAN of a SEPA country, PLN to a Polish accountNumber or IBAN, SEK to a bankgiroNumber or plusgiroNumber, and CHF, CZK, DKK, HUF, ISK, NOK, PLN, RON and SEK to an iban or bban';

export type RailSelection =
  | { readonly ok: true; readonly localInstrument: PaymentLocalInstrument }
  | { readonly ok: false; readonly problem: FieldProblem };

/**
 * The rail for an AUTO_SELECT payment at a bank supporting `bankRails`, or a problem for
 * `localInstrument` that says why none fits.
 */
export function selectLocalInstrument(
  input: { readonly amount: PaymentAmount; readonly creditor: PaymentCreditor },
  bankRails: readonly string[],
): RailSelection {
  const candidates = autoSelectCandidates(input.amount, input.creditor);
  const fail = (why: string): RailSelection => ({
    ok: false,
    problem: fieldProblem('localInstrument', `cannot be AUTO_SELECT for this payment: ${why}`),
  });
  if (candidates.length === 0)
    return fail(`no rail carries ${input.amount.currency} to this creditor account. ${NO_ROUTE_HINT}`);
  const supported = candidates.filter((rail) => bankRails.includes(rail));
  if (supported.length === 0) {
    const bankList = bankRails.length === 0 ? 'no payment rails' : bankRails.join(', ');
    return fail(
      `it would go over ${candidates.join(' or ')}, and the bank supports none of them (it supports ${bankList})`,
    );
  }
  const chosen = supported.find((rail) => withinCap(rail, input.amount.value));
  if (chosen === undefined) {
    const capped = supported
      .map((rail) => `${rail} carries at most ${RAIL_CAPS[rail] ?? ''} ${input.amount.currency}`)
      .join('; ');
    return fail(`${capped}, and the bank supports no other rail for it`);
  }
  return { ok: true, localInstrument: chosen };
}
