import type { PaymentAccountFields, PaymentAmount } from '../shared/payment-fields.js';
import { ACCOUNT_FIELDS, checkAccountForRail } from '../shared/account-for-rail.js';
import { checkAmountValue, checkCurrency } from '../shared/amount.js';
import { fieldProblem, underPath, type FieldProblem } from '../shared/field-problem.js';
import { normalizeBic } from '../shared/bic.js';
import { normalizeIban } from '../shared/iban.js';

/** The rails a refund may go over (the reference's refund localInstrument enum). */
export const REFUND_RAILS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type RefundRail = (typeof REFUND_RAILS)[number];

export const REFUND_REF_ID_MAX = 18;
export const REFUND_DESCRIPTION_MAX = 140;
export const REFUND_NAME_MAX = 140;
/** The longest account identifier a refund party may give. */
export const REFUND_ACCOUNT_FIELD_MAX = 64;
/** The longest id (payment, registration, sub-TPP) a refund names. */
export const REFUND_ID_MAX = 256;

/** A refund's debtor (the member's account the money goes from) or creditor (the payer's account it goes back to). */
export interface RefundParty extends PaymentAccountFields {
  readonly name?: string;
  readonly ultimateDebtorName?: string;
  readonly ultimateCreditorName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
  readonly bankName?: string;
}

/** A refund initiation as the member sent it, its texts trimmed; debtor and creditor may be left to the registration and the original payment. */
export interface RefundInitiationInput {
  readonly refId: string;
  readonly description?: string;
  readonly amount: PaymentAmount;
  readonly originalPaymentId: string;
  readonly registrationId?: string;
  readonly localInstrument: RefundRail;
  readonly onBehalfOfId?: string;
  readonly debtor?: RefundParty;
  readonly creditor?: RefundParty;
}

function normalizeAccountField(field: keyof PaymentAccountFields, value: string): string {
  if (field === 'iban') return normalizeIban(value);
  if (field === 'bic') return normalizeBic(value);
  if (field === 'sortCode') return value.replace(/[-\s]/g, '');
  return value.replace(/\s/g, '');
}

/** The party's account identifiers as stored: IBAN and BIC upper case without spaces, the others without spaces (a sort code without hyphens). */
export function normalizeRefundParty(party: RefundParty): RefundParty {
  const normalized: Record<string, unknown> = { ...party };
  for (const field of ACCOUNT_FIELDS) {
    const value = party[field];
    if (value !== undefined) normalized[field] = normalizeAccountField(field, value);
  }
  return normalized;
}

/** The identifiers `rail` needs of a debtor or creditor (IBAN for SEPA, sort code and account number for Faster Payments), with paths under `path`. */
export function checkRefundParty(
  party: RefundParty,
  path: string,
  rail: RefundRail,
  role: 'debtor' | 'creditor',
): FieldProblem[] {
  return underPath(path, checkAccountForRail(party, rail, { role }));
}

/**
 * The rules of a refund initiation that need no stored data, with paths under `initiation.`: the
 * amount's currency and value, and the accounts the rail needs of the debtor and creditor given.
 * The original payment, the registration and the sub-TPP are checked against what is stored.
 */
export function checkRefundInitiation(input: RefundInitiationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const currencyProblem = checkCurrency(input.amount.currency);
  if (currencyProblem !== undefined) problems.push(fieldProblem('initiation.amount.currency', currencyProblem));
  const valueProblem = checkAmountValue(
    input.amount.value,
    currencyProblem === undefined ? input.amount.currency : undefined,
  );
  if (valueProblem !== undefined) problems.push(fieldProblem('initiation.amount.value', valueProblem));
  if (input.debtor !== undefined)
    problems.push(...checkRefundParty(input.debtor, 'initiation.debtor', input.localInstrument, 'debtor'));
  if (input.creditor !== undefined)
    problems.push(...checkRefundParty(input.creditor, 'initiation.creditor', input.localInstrument, 'creditor'));
  return problems;
}
