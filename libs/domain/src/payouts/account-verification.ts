import { normalizeIban } from '../shared/iban.js';

/** How long an account verification may be used for payouts: 24 hours from the check. */
export const ACCOUNT_VERIFICATION_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** AccountVerificationResponse.result.status. */
export const VERIFICATION_OUTCOMES = ['MATCH', 'CLOSE_MATCH', 'NO_MATCH', 'VERIFICATION_NOT_POSSIBLE'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** A stored verification as the payout rules see it. */
export interface StoredVerification {
  readonly iban: string | null;
  readonly sortCode: string | null;
  readonly accountNumber: string | null;
  /** The name the member asked about. */
  readonly name: string;
  readonly status: string;
  /** The holder's name the provider gave back with a close match. */
  readonly matchedName: string | null;
  readonly expiresAt: Date;
}

/** The creditor of a payout, as far as a verification covers it. */
export interface VerifiedCreditor {
  readonly name: string;
  readonly iban?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

function sameName(a: string, b: string): boolean {
  return a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Whether `verification` allows paying `creditor` at `now` (undefined), else why not (a phrase
 * after the field's name). It must not have expired, must be of the same account (IBAN, or sort
 * code and account number), and its outcome must allow the name: a MATCH the name checked; a
 * CLOSE_MATCH the holder's actual name it gave back (the payer corrected the name); NO_MATCH
 * never; VERIFICATION_NOT_POSSIBLE the name checked (the check could not be made and the payer
 * goes ahead on its own judgement, as Verification of Payee allows).
 */
export function verificationProblem(
  verification: StoredVerification,
  creditor: VerifiedCreditor,
  now: Date,
): string | undefined {
  if (verification.expiresAt <= now)
    return `has expired (at ${verification.expiresAt.toISOString()}); verify the account again`;
  const sameAccount =
    creditor.iban !== undefined
      ? verification.iban !== null && normalizeIban(verification.iban) === normalizeIban(creditor.iban)
      : verification.sortCode !== null &&
        verification.sortCode === creditor.sortCode &&
        verification.accountNumber === creditor.accountNumber;
  if (!sameAccount) return 'is the verification of another account than this creditor’s';
  switch (verification.status) {
    case 'MATCH':
    case 'VERIFICATION_NOT_POSSIBLE':
      return sameName(verification.name, creditor.name)
        ? undefined
        : `verified the name ${JSON.stringify(verification.name)}, not the creditor’s name`;
    case 'CLOSE_MATCH':
      return verification.matchedName !== null && sameName(verification.matchedName, creditor.name)
        ? undefined
        : `was a close match: pay the account holder’s name ${JSON.stringify(verification.matchedName ?? '')}`;
    default:
      return 'found that the name does not match the account; the payout is refused';
  }
}
