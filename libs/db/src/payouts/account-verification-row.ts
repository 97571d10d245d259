import { VERIFICATION_OUTCOMES, type VerificationOutcome } from '#libs/domain';
import type { AccountVerification as AccountVerificationRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/**
 * The `account_verification` table's status column: the check's outcome (a VerificationOutcome;
 * a verification never moves, so its list is its whole machine), checked as read.
 */
export const ACCOUNT_VERIFICATION_STATUS = statusColumn({
  name: 'account verification',
  statuses: VERIFICATION_OUTCOMES,
});

/** An account verification as stored, its status a VerificationOutcome. */
export type AccountVerification = WithStatus<AccountVerificationRow, VerificationOutcome>;
