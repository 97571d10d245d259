import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkIban, normalizeIban } from '../shared/iban.js';
import {
  checkSortCode,
  checkUkAccountNumber,
  normalizeAccountNumber,
  normalizeSortCode,
} from '../shared/uk-account.js';

/** The currencies a payee check is made for: EUR (an IBAN) and GBP (an IBAN, or a sort code and account number). */
export const VERIFICATION_CURRENCIES = ['EUR', 'GBP'] as const;
export const VERIFICATION_ACCOUNT_TYPES = ['PERSONAL', 'BUSINESS'] as const;
/** The longest text of a payee check. */
export const VERIFICATION_TEXT_MAX = 140;

/** A payee check to make (the reference's AccountVerificationRequest), its texts trimmed. */
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

/** The account identifiers of a payee check and the currency they are checked for, as the member gave them. */
export interface VerificationAccountFields {
  readonly currency?: string;
  readonly iban?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

/**
 * Which identifiers a payee check takes, with paths relative to the account (`iban`, ...; '' for
 * the account as a whole): an IBAN (mod-97 checked; always for EUR), or a UK sort code and
 * account number, not both.
 */
export function checkVerificationAccount(account: VerificationAccountFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { currency, iban, sortCode, accountNumber } = account;
  const scan = sortCode !== undefined || accountNumber !== undefined;
  if (iban !== undefined) {
    const problem = checkIban(iban);
    if (problem !== undefined) problems.push(fieldProblem('iban', problem));
    if (scan) problems.push(fieldProblem('', 'must have an iban or a sortCode and accountNumber, not both'));
  } else if (currency === 'EUR' || !scan) {
    problems.push(
      fieldProblem(
        'iban',
        currency === 'EUR' ? 'is required for EUR' : 'is required, or else sortCode and accountNumber',
        'required',
      ),
    );
  } else {
    if (sortCode === undefined) problems.push(fieldProblem('sortCode', 'is required with accountNumber', 'required'));
    else if (checkSortCode(sortCode) !== undefined)
      problems.push(fieldProblem('sortCode', checkSortCode(sortCode) ?? ''));
    if (accountNumber === undefined)
      problems.push(fieldProblem('accountNumber', 'is required with sortCode', 'required'));
    else if (checkUkAccountNumber(accountNumber) !== undefined)
      problems.push(fieldProblem('accountNumber', checkUkAccountNumber(accountNumber) ?? ''));
  }
  return problems;
}

/** The identifiers as the provider is asked and the check is kept: IBAN upper case without spaces, sort code as six digits. */
export function normalizeVerificationAccount(input: AccountVerificationInput): AccountVerificationInput {
  return {
    ...input,
    ...(input.iban === undefined ? {} : { iban: normalizeIban(input.iban) }),
    ...(input.sortCode === undefined ? {} : { sortCode: normalizeSortCode(input.sortCode) }),
    ...(input.accountNumber === undefined ? {} : { accountNumber: normalizeAccountNumber(input.accountNumber) }),
  };
}
