import { newId, randomHex } from '../identifiers/random-id.js';
import type { PaymentAmount } from '../shared/payment-fields.js';
import { checkAmountValue, checkCurrency } from '../shared/amount.js';
import { checkBic, normalizeBic } from '../shared/bic.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkIban, normalizeIban } from '../shared/iban.js';
import {
  checkSortCode,
  checkUkAccountNumber,
  normalizeAccountNumber,
  normalizeSortCode,
} from '../shared/uk-account.js';
import { checkPayoutDescription, type PayoutScheme } from './payout-description.js';

export const PAYOUT_REF_ID_MAX = 18;
export const PAYOUT_NAME_MAX = 140;

/** The reference's payout ids: `po:` and random base58. */
export function newPayoutId(): string {
  return newId('po');
}

/** The creditor of a payout (CreditorInformationPayout). */
export interface PayoutCreditorInput {
  readonly name: string;
  readonly ultimateCreditorName?: string;
  readonly bankName?: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly accountNumber?: string;
  readonly sortCode?: string;
  /** An account verification of this creditor (required for EUR payouts). */
  readonly accountVerificationId?: string;
}

/**
 * A payout initiation (PayoutInitiation), typed: from a POST /payouts body (the API's DTO)
 * or built by the gateway itself (a settlement rule's payout). `debtor.accountId` is the
 * member's settlement account paid from.
 */
export interface PayoutInitiationInput {
  readonly description: string;
  readonly refId: string;
  readonly onBehalfOfId?: string;
  readonly amount: PaymentAmount;
  readonly debtor: { readonly accountId: string };
  readonly creditor: PayoutCreditorInput;
}

/** The scheme the creditor's identifiers name (IBAN when it has one). */
export function payoutSchemeOf(creditor: Pick<PayoutCreditorInput, 'iban'>): PayoutScheme {
  return creditor.iban === undefined ? 'SCAN' : 'IBAN';
}

/** The creditor's identifiers normalised: IBAN and BIC upper case without spaces, sort code as six digits. */
export function normalizePayoutCreditor(creditor: PayoutCreditorInput): PayoutCreditorInput {
  return {
    ...creditor,
    ...(creditor.iban === undefined ? {} : { iban: normalizeIban(creditor.iban) }),
    ...(creditor.bic === undefined ? {} : { bic: normalizeBic(creditor.bic) }),
    ...(creditor.sortCode === undefined ? {} : { sortCode: normalizeSortCode(creditor.sortCode) }),
    ...(creditor.accountNumber === undefined ? {} : { accountNumber: normalizeAccountNumber(creditor.accountNumber) }),
  };
}

/** The creditor rules: an IBAN (with an optional BIC of 8 or 11), or a sort code and an 8-digit account number. */
export function checkPayoutCreditor(creditor: PayoutCreditorInput, currency: string | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const scan = creditor.sortCode !== undefined || creditor.accountNumber !== undefined;
  if (creditor.iban === undefined && !scan)
    problems.push(fieldProblem('iban', 'is required, or else sortCode and accountNumber', 'required'));
  if (creditor.iban !== undefined) {
    if (scan) problems.push(fieldProblem('', 'must have an iban or a sortCode and accountNumber, not both'));
    const ibanProblem = checkIban(creditor.iban);
    if (ibanProblem !== undefined) problems.push(fieldProblem('iban', ibanProblem));
  }
  if (creditor.bic !== undefined) {
    const bicProblem = checkBic(creditor.bic);
    if (bicProblem !== undefined) problems.push(fieldProblem('bic', bicProblem));
  }
  if (scan && creditor.iban === undefined) {
    if (currency === 'EUR') problems.push(fieldProblem('iban', 'is required for EUR payouts', 'required'));
    if (creditor.sortCode === undefined)
      problems.push(fieldProblem('sortCode', 'is required with accountNumber', 'required'));
    else {
      const sortCodeProblem = checkSortCode(creditor.sortCode);
      if (sortCodeProblem !== undefined) problems.push(fieldProblem('sortCode', sortCodeProblem));
    }
    if (creditor.accountNumber === undefined)
      problems.push(fieldProblem('accountNumber', 'is required with sortCode', 'required'));
    else {
      const accountProblem = checkUkAccountNumber(creditor.accountNumber);
      if (accountProblem !== undefined) problems.push(fieldProblem('accountNumber', accountProblem));
    }
  }
  if (creditor.name.trim() === '') problems.push(fieldProblem('name', 'is required', 'required'));
  else if (creditor.name.length > PAYOUT_NAME_MAX)
    problems.push(fieldProblem('name', `must be at most ${PAYOUT_NAME_MAX} characters`));
  if (currency === 'EUR' && creditor.accountVerificationId === undefined)
    problems.push(
      fieldProblem(
        'accountVerificationId',
        'is required for EUR payouts: the id POST /account-verifications answered for this creditor',
        'required',
      ),
    );
  return problems;
}

/**
 * Every rule of a typed initiation that needs no stored data, with paths under `initiation.`:
 * refId, amount, description (by the creditor's scheme), creditor. The debtor account, the
 * onBehalfOfId and the account verification are checked against what is stored.
 */
export function checkPayoutInitiation(input: PayoutInitiationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const at = (path: string): string => (path === '' ? 'initiation' : `initiation.${path}`);
  if (input.refId.trim() === '') problems.push(fieldProblem(at('refId'), 'is required', 'required'));
  else if (input.refId.length > PAYOUT_REF_ID_MAX)
    problems.push(fieldProblem(at('refId'), `must be at most ${PAYOUT_REF_ID_MAX} characters`));
  const currencyProblem = checkCurrency(input.amount.currency);
  if (currencyProblem !== undefined) problems.push(fieldProblem(at('amount.currency'), currencyProblem));
  const valueProblem = checkAmountValue(
    input.amount.value,
    currencyProblem === undefined ? input.amount.currency : undefined,
  );
  if (valueProblem !== undefined) problems.push(fieldProblem(at('amount.value'), valueProblem));
  if (input.debtor.accountId.trim() === '')
    problems.push(fieldProblem(at('debtor.accountId'), 'is required', 'required'));
  const descriptionProblem = checkPayoutDescription(input.description, payoutSchemeOf(input.creditor));
  if (descriptionProblem !== undefined) problems.push(fieldProblem(at('description'), descriptionProblem));
  for (const problem of checkPayoutCreditor(input.creditor, input.amount.currency))
    problems.push({ ...problem, path: at(problem.path === '' ? 'creditor' : `creditor.${problem.path}`) });
  return problems;
}

/** Crockford base32, the alphabet of the reference's verification ids. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The reference's account verification ids: `avr-` and a ULID (48 bits of milliseconds, then
 * random), so ids sort by creation time.
 */
export function newAccountVerificationId(now: Date): string {
  let time = now.getTime();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = (CROCKFORD[time % 32] ?? '0') + head;
    time = Math.floor(time / 32);
  }
  let random = BigInt(`0x${randomHex(10)}`);
  let tail = '';
  for (let i = 0; i < 16; i += 1) {
    tail = (CROCKFORD[Number(random % 32n)] ?? '0') + tail;
    random /= 32n;
  }
  return `avr-${head}${tail}`;
}
