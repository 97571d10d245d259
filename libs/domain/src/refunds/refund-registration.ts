import { randomUUID } from 'node:crypto';
import { newId } from '../identifiers/random-id.js';
import { fieldProblem, type FieldProblem } from '../shared/field-problem.js';
import { readRefundParty, type RefundParty } from './refund-initiation.js';

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
const CREDENTIAL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const CREDENTIAL_VALUE_MAX = 8192;

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The account must be addressable by one of the refund rails: an IBAN, or a UK sort code and account number. */
function debtorRail(debtor: Record<string, unknown>): 'SEPA' | 'FASTER_PAYMENTS' {
  return debtor['iban'] !== undefined ? 'SEPA' : 'FASTER_PAYMENTS';
}

/** A POST /refund/registrations body, or every problem with it (paths from the body). */
export function readRefundRegistration(
  body: unknown,
): { readonly input: RefundRegistrationInput } | { readonly problems: readonly FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (!isObject(body)) return { problems: [fieldProblem('', 'must be a JSON object')] };
  const bankId = body['bankId'];
  if (typeof bankId !== 'string' || bankId.trim() === '')
    problems.push(fieldProblem('bankId', 'is required', 'required'));
  else if (bankId.length > 128) problems.push(fieldProblem('bankId', 'must be at most 128 characters'));
  let debtor: RefundParty | undefined;
  if (!isObject(body['debtor'])) problems.push(fieldProblem('debtor', 'is required and must be an object', 'required'));
  else debtor = readRefundParty(body['debtor'], 'debtor', debtorRail(body['debtor']), 'debtor', { problems });
  const credentials: Record<string, string> = {};
  const given = body['credentials'];
  if (!isObject(given) || Object.keys(given).length === 0) {
    problems.push(fieldProblem('credentials', 'is required: an object of the credentials the bank issued', 'required'));
  } else if (Object.keys(given).length > REGISTRATION_CREDENTIALS_MAX) {
    problems.push(fieldProblem('credentials', `must have at most ${REGISTRATION_CREDENTIALS_MAX} entries`));
  } else {
    for (const [name, value] of Object.entries(given)) {
      if (!CREDENTIAL_NAME.test(name)) {
        problems.push(
          fieldProblem('credentials', `has a name that is not a letter followed by up to 63 letters, digits, _ or -`),
        );
      } else if (typeof value !== 'string' || value === '' || value.length > CREDENTIAL_VALUE_MAX) {
        problems.push(
          fieldProblem(`credentials.${name}`, `must be a string of 1 to ${CREDENTIAL_VALUE_MAX} characters`),
        );
      } else credentials[name] = value;
    }
  }
  if (problems.length > 0 || typeof bankId !== 'string' || debtor === undefined) return { problems };
  return { input: { bankId: bankId.trim(), debtor, credentials } };
}
