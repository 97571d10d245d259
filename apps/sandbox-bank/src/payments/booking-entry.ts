import type { Prisma } from '../store/sandbox-db.js';
import type { Payment } from '../store/payment.store.js';

type Json = Readonly<Record<string, unknown>>;

function text(source: Json, key: string): string | null {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function part(source: Json | undefined, key: string): Json {
  const value = source?.[key];
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

/** What the order says about the debit: its text, reference and counterparty. */
export type EntryDescription = Pick<
  Prisma.SbTransactionUncheckedCreateInput,
  'information' | 'reference' | 'counterpartyName' | 'counterpartySchemeName' | 'counterpartyIdentification'
>;

/** A Berlin Group order (paymentInitiation_json): the creditor and remittance are top-level fields. */
function berlinGroupDescription(order: Json): EntryDescription {
  const creditor = part(order, 'creditorAccount');
  const iban = text(creditor, 'iban');
  return {
    information: text(order, 'remittanceInformationUnstructured') ?? 'Payment',
    reference: text(order, 'endToEndIdentification'),
    counterpartyName: text(order, 'creditorName'),
    counterpartySchemeName: iban === null ? 'BBAN' : 'IBAN',
    counterpartyIdentification: iban ?? text(creditor, 'bban'),
  };
}

/** An OBIE order: a VRP describes itself in its Instruction, the other payment orders in their Initiation. */
function obieDescription(request: Json): EntryDescription {
  const data = part(request, 'Data');
  const order =
    Object.keys(part(data, 'Instruction')).length > 0 ? part(data, 'Instruction') : part(data, 'Initiation');
  const creditor = part(order, 'CreditorAccount');
  const remittance = part(order, 'RemittanceInformation');
  return {
    information: text(remittance, 'Unstructured') ?? text(remittance, 'Reference') ?? 'Payment',
    reference: text(remittance, 'Reference'),
    counterpartyName: text(creditor, 'Name'),
    counterpartySchemeName: text(creditor, 'SchemeName'),
    counterpartyIdentification: text(creditor, 'Identification'),
  };
}

/** What a payment order of `kind` says about its debit. */
export function entryDescription(kind: string, request: Json): EntryDescription {
  return kind.startsWith('berlin-group-') ? berlinGroupDescription(request) : obieDescription(request);
}

/** The debit a settled payment books on the payer's account, described from its order. */
export function bookingEntry(payment: Payment, bookedAt: Date): Prisma.SbTransactionUncheckedCreateInput {
  return {
    id: `${payment.id}-T`,
    accountId: payment.debtorAccountId,
    creditDebit: 'Debit',
    status: 'Booked',
    amount: payment.amount,
    currency: payment.currency,
    bookingDateTime: bookedAt,
    ...entryDescription(payment.kind, payment.request as Json),
    paymentId: payment.id,
  };
}
