import { randomUUID } from 'node:crypto';
import { newId } from '../identifiers/random-id.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { checkRefundParty, type RefundParty } from './refund-initiation.js';

/** The sealing purpose of a registration's credentials (the registration id is the record). */
export const REFUND_REGISTRATION_SEAL_PURPOSE = 'refund-registration';

export const REFUND_ID_PREFIX = 'rf';

export function newRefundId(): string {
  return newId(REFUND_ID_PREFIX);
}

/** Registration ids are UUIDs, as the reference's Registration.id. */
export function newRefundRegistrationId(): string {
  return randomUUID();
}

export const REGISTRATION_CREDENTIALS_MAX = 10;
export const REGISTRATION_BANK_ID_MAX = 128;
const CREDENTIAL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const CREDENTIAL_VALUE_MAX = 8192;

/**
 * A refund registration as the member sends it: the bank the refunds are paid at, the member's
 * account there (the debtor of its refunds: an IBAN, or a sort code and account number) and the
 * credentials the bank issued for payments from it without a user (name to value; kept sealed).
 */
export interface RefundRegistrationInput {
  readonly bankId: string;
  readonly debtor: RefundParty;
  readonly credentials: Readonly<Record<string, string>>;
}

/** The account must be addressable by one of the refund rails: an IBAN, or a UK sort code and account number. */
function debtorRail(debtor: RefundParty): 'SEPA' | 'FASTER_PAYMENTS' {
  return debtor.iban !== undefined ? 'SEPA' : 'FASTER_PAYMENTS';
}

/**
 * The rules of a registration that need no stored data (paths from the body): the debtor's
 * account is one a refund rail addresses, and each credential has a name (a letter, then up to
 * 63 letters, digits, _ or -) and a value of 1 to CREDENTIAL_VALUE_MAX characters.
 */
export function checkRefundRegistration(input: {
  readonly debtor: RefundParty;
  readonly credentials: Readonly<Record<string, unknown>>;
}): FieldProblem[] {
  const problems = checkRefundParty(input.debtor, 'debtor', debtorRail(input.debtor), 'debtor');
  for (const [name, value] of Object.entries(input.credentials)) {
    if (!CREDENTIAL_NAME.test(name)) {
      problems.push(
        fieldProblem('credentials', `has a name that is not a letter followed by up to 63 letters, digits, _ or -`),
      );
    } else if (typeof value !== 'string' || value === '' || value.length > CREDENTIAL_VALUE_MAX) {
      problems.push(fieldProblem(`credentials.${name}`, `must be a string of 1 to ${CREDENTIAL_VALUE_MAX} characters`));
    }
  }
  return problems;
}
