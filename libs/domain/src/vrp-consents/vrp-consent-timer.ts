import { isAwaitingVrpConsentStatus, type VrpConsentStatus } from './vrp-consent-status.js';

/** How long a consent may wait for the user (any PENDING status) before it becomes FAILED. */
export const VRP_CONSENT_PENDING_LIFETIME_MS = 30 * 60_000;

/** When a consent waiting since `createdAt` fails for good. */
export function vrpConsentDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + VRP_CONSENT_PENDING_LIFETIME_MS);
}

/** When the consent's timer fires: its deadline while it waits, never once it has left the PENDING statuses. */
export function nextVrpConsentTimer(input: {
  readonly status: VrpConsentStatus;
  readonly createdAt: Date;
}): Date | null {
  return isAwaitingVrpConsentStatus(input.status) ? vrpConsentDeadline(input.createdAt) : null;
}

/** What a fired timer does: fail a consent still waiting past its deadline, wait on (a clock set back), or nothing. */
export function vrpConsentTimerAction(input: {
  readonly status: VrpConsentStatus;
  readonly createdAt: Date;
  readonly now: Date;
}): 'fail' | 'wait' | 'none' {
  if (!isAwaitingVrpConsentStatus(input.status)) return 'none';
  return input.now.getTime() >= vrpConsentDeadline(input.createdAt).getTime() ? 'fail' : 'wait';
}
