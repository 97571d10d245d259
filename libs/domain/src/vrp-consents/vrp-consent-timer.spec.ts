import { describe, expect, it } from 'vitest';
import { VRP_CONSENT_STATUSES, isAwaitingVrpConsentStatus } from './vrp-consent-status.js';
import { VRP_CONSENT_PENDING_LIFETIME_MS, nextVrpConsentTimer, vrpConsentTimerAction } from './vrp-consent-timer.js';

const createdAt = new Date('2026-11-26T10:00:00Z');
const deadline = new Date('2026-11-26T10:30:00Z');

describe('the VRP consent timer', () => {
  it('fires 30 minutes after creation while the consent waits, never once it has left the PENDING statuses', () => {
    expect(VRP_CONSENT_PENDING_LIFETIME_MS).toBe(30 * 60_000);
    for (const status of VRP_CONSENT_STATUSES)
      expect(nextVrpConsentTimer({ status, createdAt })).toEqual(isAwaitingVrpConsentStatus(status) ? deadline : null);
  });

  it('fails a waiting consent at its deadline, waits before it, and leaves the others alone', () => {
    const before = new Date(deadline.getTime() - 1);
    for (const status of VRP_CONSENT_STATUSES) {
      const awaiting = isAwaitingVrpConsentStatus(status);
      expect(vrpConsentTimerAction({ status, createdAt, now: deadline })).toBe(awaiting ? 'fail' : 'none');
      expect(vrpConsentTimerAction({ status, createdAt, now: before })).toBe(awaiting ? 'wait' : 'none');
    }
  });
});
