import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { Prisma } from '../store/sandbox-db.js';
import type { Payment, PaymentKind } from '../store/payment.store.js';
import { SettlementAccountStore } from './settlement-account.store.js';
import {
  SettlementCreditStore,
  type CreditLocalInstrument,
  type NewSettlementCredit,
} from './settlement-credit.store.js';
import { compactIban, isSettlementBankAccount, type SettlementAccountIdentifiers } from './settlement-identifiers.js';
import { creditScenarioOf, garbled } from './settlement-scenarios.js';

type Json = Readonly<Record<string, unknown>>;

const HOUR_MS = 3_600_000;

/** Payment orders that move money when they settle (a standing order's settling only sets it up). */
const CREDITING_KINDS: Readonly<Record<PaymentKind, boolean>> = {
  'domestic-payment': true,
  'domestic-scheduled-payment': true,
  'domestic-vrp': true,
  'domestic-standing-order': false,
  'berlin-group-payment': true,
  'berlin-group-future-payment': true,
  'berlin-group-periodic-payment': false,
};

/** OBIE LocalInstrument and Berlin Group payment products, as the rail the credit arrives over. */
const RAILS: Readonly<Record<string, CreditLocalInstrument>> = {
  'UK.OBIE.FPS': 'FASTER_PAYMENTS',
  'sepa-credit-transfers': 'SEPA',
  'instant-sepa-credit-transfers': 'SEPA_INSTANT',
};

function text(source: Json | undefined, key: string): string | undefined {
  const value = source?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function part(source: Json | undefined, key: string): Json | undefined {
  const value = source?.[key];
  return typeof value === 'object' && value !== null ? (value as Json) : undefined;
}

/** What a payment order says about where it goes and what it is for. */
interface OrderFacts {
  readonly creditor: SettlementAccountIdentifiers;
  readonly endToEndId: string | undefined;
  readonly remittance: string;
  readonly rail: string | undefined;
}

/** OBIE account identifiers: sort code and number (14 digits) or an IBAN. */
function obieIdentifiers(account: Json | undefined): SettlementAccountIdentifiers {
  const scheme = text(account, 'SchemeName') ?? '';
  const identification = text(account, 'Identification') ?? '';
  if (/SortCodeAccountNumber$/.test(scheme) && /^\d{14}$/.test(identification))
    return { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6) };
  if (/IBAN$/.test(scheme)) return { iban: identification };
  return {};
}

function obieFacts(request: Json): OrderFacts {
  const data = part(request, 'Data');
  const order = part(data, 'Instruction') ?? part(data, 'Initiation');
  const remittance = part(order, 'RemittanceInformation');
  return {
    creditor: obieIdentifiers(part(order, 'CreditorAccount')),
    endToEndId: text(order, 'EndToEndIdentification'),
    remittance: [text(remittance, 'Reference'), text(remittance, 'Unstructured')].filter(Boolean).join(' '),
    rail: text(order, 'LocalInstrument'),
  };
}

/** A Berlin Group order; its rail is its payment product, kept on the initiation resource. */
function berlinGroupFacts(order: Json): OrderFacts {
  const iban = text(part(order, 'creditorAccount'), 'iban');
  return {
    creditor: iban === undefined ? {} : { iban },
    endToEndId: text(order, 'endToEndIdentification'),
    remittance: text(order, 'remittanceInformationUnstructured') ?? '',
    rail: undefined,
  };
}

/** The payer's side of the credit: the sandbox account the payment debited. */
function debtorOf(account: Prisma.SbAccountModel | null): Partial<NewSettlementCredit> {
  if (account === null) return {};
  const identification = account.identification;
  const identifiers: Partial<NewSettlementCredit> =
    /SortCodeAccountNumber$/.test(account.schemeName) && /^\d{14}$/.test(identification)
      ? { debtorSortCode: identification.slice(0, 6), debtorAccountNumber: identification.slice(6) }
      : account.schemeName === 'IBAN'
        ? { debtorIban: identification }
        : {};
  return { debtorName: account.holderName, ...identifiers };
}

/**
 * Whether settling a payment order of `kind` may credit a settlement account: it moves money and
 * its creditor is at the settlement provider's bank (the account may still not exist).
 */
export function mayCreditSettlementAccount(kind: PaymentKind, request: Json): boolean {
  if (!CREDITING_KINDS[kind]) return false;
  const { creditor } = kind.startsWith('berlin-group-') ? berlinGroupFacts(request) : obieFacts(request);
  const iban = creditor.iban === undefined ? undefined : compactIban(creditor.iban);
  return isSettlementBankAccount({ ...creditor, ...(iban === undefined ? {} : { iban }) });
}

/**
 * A sandbox payment that settles to a settlement account's identifiers credits that account,
 * in the same transaction as the payment's settling: the payment's end-to-end id (the gateway's
 * refId) as the credit's refId, its remittance as the description, its amount, rail and payer.
 * The remittance's scenario marker (settlement-scenarios.ts) decides when and how. A payment in
 * another currency than the account's is not credited.
 */
@Injectable()
export class PaymentCredits {
  constructor(
    private readonly accounts: SettlementAccountStore,
    private readonly credits: SettlementCreditStore,
  ) {}

  async onSettled(tx: Prisma.TransactionClient, payment: Payment, settledAt: Date): Promise<void> {
    if (CREDITING_KINDS[payment.kind as PaymentKind] !== true) return;
    const request = payment.request as Json;
    const berlinGroup = payment.kind.startsWith('berlin-group-');
    const order = berlinGroup ? berlinGroupFacts(request) : obieFacts(request);
    // Only a payment to the provider's bank costs a read.
    const account = await this.accounts.byIdentifiers(order.creditor, tx);
    if (account === null || account === undefined || account.currency !== payment.currency) return;
    const facts = berlinGroup ? { ...order, rail: await this.productOf(tx, payment) } : order;
    const scenario = creditScenarioOf(facts.remittance);
    if (scenario.kind === 'never') return;
    const debtor = await tx.sbAccount.findUnique({ where: { id: payment.debtorAccountId } });
    const description = facts.remittance === '' ? 'Payment' : facts.remittance;
    await this.credits.record(
      {
        id: `SC-${payment.id}`,
        accountId: account.id,
        amount: scenario.kind === 'amount' ? scenario.amount : new Decimal(payment.amount.toString()).toFixed(2),
        currency: payment.currency,
        description: scenario.kind === 'garbled-ref' ? garbled(description) : description,
        localInstrument: RAILS[facts.rail ?? ''] ?? (payment.currency === 'GBP' ? 'FASTER_PAYMENTS' : 'SEPA'),
        ...debtorOf(debtor),
        ...(facts.endToEndId === undefined
          ? {}
          : { refId: scenario.kind === 'garbled-ref' ? garbled(facts.endToEndId) : facts.endToEndId }),
        availableAt: new Date(settledAt.getTime() + (scenario.kind === 'after' ? scenario.hours * HOUR_MS : 0)),
        paymentId: payment.id,
      },
      tx,
    );
  }

  /** A Berlin Group payment's product, kept on its initiation resource. */
  private async productOf(tx: Prisma.TransactionClient, payment: Payment): Promise<string | undefined> {
    const resource = await tx.sbConsent.findUnique({ where: { id: payment.consentId }, select: { request: true } });
    return text(resource?.request as Json | undefined, 'product');
  }
}
