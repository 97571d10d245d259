import { newId } from '../identifiers/random-id.js';
import { PAYMENT_LOCAL_INSTRUMENTS, type PaymentDebtor } from '../shared/payment-fields.js';
import { checkAccountForRail, IDENTIFIER_FIELDS, RAIL_ACCOUNT_FIELDS } from '../shared/account-for-rail.js';
import { checkDebtor } from '../shared/debtor.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';

/**
 * Account on File: the account details a member stores once and names later by id (a payment's
 * debtor). The details are a debtor's (identifiers in one rail's form, optional name, ultimate
 * debtor and address), never an Account on File reference themselves.
 */
export type TokenizedAccountDetails = Omit<PaymentDebtor, 'tokenizedAccountId'>;

export const TOKENIZED_ACCOUNT_ID_PREFIX = 'ta';

/** The sealing purpose of the stored details (the account id is the record). */
export const TOKENIZED_ACCOUNT_SEAL_PURPOSE = 'tokenized-account';

export function newTokenizedAccountId(): string {
  return newId(TOKENIZED_ACCOUNT_ID_PREFIX);
}

/**
 * The problems of details to store, paths relative to the details: each field in its format
 * (as AUTO_SELECT checks a debtor) and the identifiers together one rail's debtor account (the
 * rail is chosen when a payment uses the account). Details no rail takes get the problems of the
 * first rail that takes every identifier given (a sort code without its account number), or one
 * problem about the whole account.
 */
export function checkTokenizedAccountDetails(details: TokenizedAccountDetails): FieldProblem[] {
  const problems = checkDebtor(details, 'AUTO_SELECT');
  if (problems.length > 0) return problems;
  const byRail = PAYMENT_LOCAL_INSTRUMENTS.map((rail) => ({
    rail,
    problems: checkAccountForRail(details, rail, { role: 'debtor' }),
  }));
  if (byRail.some((entry) => entry.problems.length === 0)) return [];
  const given = IDENTIFIER_FIELDS.filter((field) => details[field] !== undefined);
  const closest = byRail.find((entry) =>
    given.every((field) => RAIL_ACCOUNT_FIELDS[entry.rail].debtor.includes(field)),
  );
  return (
    closest?.problems ?? [fieldProblem('', `has identifiers no debtor account takes together: ${given.join(', ')}`)]
  );
}
