import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkIban, normalizeIban } from '../shared/iban.js';
import {
  checkSortCode,
  checkUkAccountNumber,
  normalizeAccountNumber,
  normalizeSortCode,
} from '../shared/uk-account.js';
import { PAYOUT_NAME_MAX } from './payout-initiation.js';

/** The currencies a payee check is made for: EUR (an IBAN) and GBP (an IBAN, or a sort code and account number). */
export const VERIFICATION_CURRENCIES = ['EUR', 'GBP'] as const;
export const VERIFICATION_ACCOUNT_TYPES = ['PERSONAL', 'BUSINESS'] as const;

/** A POST /account-verifications body, checked (AccountVerificationRequest). */
export interface AccountVerificationInput {
  readonly name: string;
  readonly currency: (typeof VERIFICATION_CURRENCIES)[number];
  readonly iban?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
  readonly accountType?: (typeof VERIFICATION_ACCOUNT_TYPES)[number];
  /** The settlement account the payout will be made from, when it is one of the gateway's. */
  readonly virtualAccountId?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(
  object: Json,
  field: string,
  path: string,
  problems: FieldProblem[],
  required: boolean,
): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) {
    if (required) problems.push(fieldProblem(path, 'is required', 'required'));
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(fieldProblem(path, 'must be a non-empty string'));
    return undefined;
  }
  if (value.length > PAYOUT_NAME_MAX) {
    problems.push(fieldProblem(path, `must be at most ${PAYOUT_NAME_MAX} characters`));
    return undefined;
  }
  return value.trim();
}

/** The body of POST /account-verifications, or every problem with it (paths from the body: `account.iban`, ...). */
export function readAccountVerificationRequest(
  body: unknown,
): { readonly input: AccountVerificationInput } | { readonly problems: readonly FieldProblem[] } {
  if (!isObject(body) || !isObject(body['account']))
    return { problems: [fieldProblem('account', 'is required and must be an object', 'required')] };
  const account = body['account'];
  const problems: FieldProblem[] = [];
  const name = text(account, 'name', 'account.name', problems, true);
  const currency = text(account, 'currency', 'account.currency', problems, true);
  if (currency !== undefined && !(VERIFICATION_CURRENCIES as readonly string[]).includes(currency))
    problems.push(fieldProblem('account.currency', `must be one of ${VERIFICATION_CURRENCIES.join(', ')}`));
  const iban = text(account, 'iban', 'account.iban', problems, false);
  const sortCode = text(account, 'sortCode', 'account.sortCode', problems, false);
  const accountNumber = text(account, 'accountNumber', 'account.accountNumber', problems, false);
  const accountType = text(account, 'accountType', 'account.accountType', problems, false);
  if (accountType !== undefined && !(VERIFICATION_ACCOUNT_TYPES as readonly string[]).includes(accountType))
    problems.push(fieldProblem('account.accountType', `must be one of ${VERIFICATION_ACCOUNT_TYPES.join(', ')}`));
  const virtualAccountId = text(body, 'virtualAccountId', 'virtualAccountId', problems, false);
  const scan = sortCode !== undefined || accountNumber !== undefined;
  if (iban !== undefined) {
    const problem = checkIban(iban);
    if (problem !== undefined) problems.push(fieldProblem('account.iban', problem));
    if (scan) problems.push(fieldProblem('account', 'must have an iban or a sortCode and accountNumber, not both'));
  } else if (currency === 'EUR' || !scan) {
    problems.push(
      fieldProblem(
        'account.iban',
        currency === 'EUR' ? 'is required for EUR' : 'is required, or else sortCode and accountNumber',
        'required',
      ),
    );
  } else {
    if (sortCode === undefined)
      problems.push(fieldProblem('account.sortCode', 'is required with accountNumber', 'required'));
    else if (checkSortCode(sortCode) !== undefined)
      problems.push(fieldProblem('account.sortCode', checkSortCode(sortCode) ?? ''));
    if (accountNumber === undefined)
      problems.push(fieldProblem('account.accountNumber', 'is required with sortCode', 'required'));
    else if (checkUkAccountNumber(accountNumber) !== undefined)
      problems.push(fieldProblem('account.accountNumber', checkUkAccountNumber(accountNumber) ?? ''));
  }
  if (problems.length > 0 || name === undefined || currency === undefined) return { problems };
  return {
    input: {
      name,
      currency: currency as AccountVerificationInput['currency'],
      ...(iban === undefined ? {} : { iban: normalizeIban(iban) }),
      ...(sortCode === undefined ? {} : { sortCode: normalizeSortCode(sortCode) }),
      ...(accountNumber === undefined ? {} : { accountNumber: normalizeAccountNumber(accountNumber) }),
      ...(accountType === undefined ? {} : { accountType: accountType as AccountVerificationInput['accountType'] }),
      ...(virtualAccountId === undefined ? {} : { virtualAccountId }),
    },
  };
}
