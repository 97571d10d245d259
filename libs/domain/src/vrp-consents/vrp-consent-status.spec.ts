import { describe, expect, it } from 'vitest';
import type { BankOutcomeName, NextStepKind } from '../shared/bank-outcome.js';
import {
  VRP_CONSENT_STATUSES,
  VRP_CONSENT_TRANSITIONS,
  decideVrpConsentMove,
  isAwaitingVrpConsentStatus,
  isVrpConsentStatus,
  vrpConsentStatusFor,
  vrpConsentStatusMachine,
  type VrpConsentStatus,
} from './vrp-consent-status.js';

const FINAL: readonly VrpConsentStatus[] = ['REJECTED', 'REVOKED', 'FAILED'];
const ENDS: readonly VrpConsentStatus[] = ['REJECTED', 'FAILED', 'REVOKED'];

/** The table written out independently of VRP_CONSENT_TRANSITIONS. */
const ALLOWED: Readonly<Record<VrpConsentStatus, readonly VrpConsentStatus[]>> = {
  PENDING_MORE_INFO: ['PENDING', 'PENDING_REDIRECT_AUTH', 'AUTHORIZED', ...ENDS],
  PENDING: ['PENDING_REDIRECT_AUTH', 'AUTHORIZED', ...ENDS],
  PENDING_REDIRECT_AUTH: ['PENDING_REDIRECT_AUTH_VERIFICATION', 'AUTHORIZED', ...ENDS],
  PENDING_REDIRECT_AUTH_VERIFICATION: ['AUTHORIZED', ...ENDS],
  AUTHORIZED: ['REVOKED'],
  REJECTED: [],
  REVOKED: [],
  FAILED: [],
};

describe('the VRP consent status machine', () => {
  it("covers exactly the reference's 8 VrpConsentStatus values", () => {
    expect(Object.keys(VRP_CONSENT_TRANSITIONS).sort()).toEqual([...VRP_CONSENT_STATUSES].sort());
    expect(VRP_CONSENT_STATUSES).toHaveLength(8);
    for (const status of VRP_CONSENT_STATUSES) expect(isVrpConsentStatus(status)).toBe(true);
    expect(isVrpConsentStatus('authorized')).toBe(false);
  });

  it('has REJECTED, REVOKED and FAILED as its final statuses, and the PENDING ones awaiting', () => {
    expect(VRP_CONSENT_STATUSES.filter((s) => vrpConsentStatusMachine.isFinal(s)).sort()).toEqual([...FINAL].sort());
    expect(VRP_CONSENT_STATUSES.filter((s) => isAwaitingVrpConsentStatus(s))).toEqual([
      'PENDING',
      'PENDING_MORE_INFO',
      'PENDING_REDIRECT_AUTH',
      'PENDING_REDIRECT_AUTH_VERIFICATION',
    ]);
  });

  it('decides every one of the 8x8 pairs: final refuses all, same status stays, others follow the table', () => {
    let pairs = 0;
    for (const from of VRP_CONSENT_STATUSES)
      for (const to of VRP_CONSENT_STATUSES) {
        pairs += 1;
        const expected = FINAL.includes(from)
          ? 'refuse'
          : from === to
            ? 'stay'
            : ALLOWED[from].includes(to)
              ? 'move'
              : 'refuse';
        expect(decideVrpConsentMove(from, to), `${from} -> ${to}`).toBe(expected);
        expect(vrpConsentStatusMachine.canMove(from, to), `${from} -> ${to}`).toBe(ALLOWED[from].includes(to));
      }
    expect(pairs).toBe(64);
  });

  it('lets every waiting status fail and be revoked, and an authorised consent only be revoked', () => {
    for (const from of VRP_CONSENT_STATUSES.filter(isAwaitingVrpConsentStatus)) {
      expect(decideVrpConsentMove(from, 'FAILED')).toBe('move');
      expect(decideVrpConsentMove(from, 'REVOKED')).toBe('move');
    }
    expect(VRP_CONSENT_STATUSES.filter((to) => decideVrpConsentMove('AUTHORIZED', to) === 'move')).toEqual(['REVOKED']);
  });

  it('maps bank readings to statuses', () => {
    const steps: readonly NextStepKind[] = ['redirect', 'embedded', 'decoupled', 'none'];
    expect(vrpConsentStatusFor('AWAITING_AUTHORISATION', 'redirect')).toBe('PENDING_REDIRECT_AUTH');
    expect(vrpConsentStatusFor('AWAITING_AUTHORISATION', 'none')).toBe('PENDING');
    expect(vrpConsentStatusFor('AWAITING_AUTHORISATION', 'none', true)).toBe('FAILED');
    const after: Readonly<Record<Exclude<BankOutcomeName, 'AWAITING_AUTHORISATION'>, VrpConsentStatus>> = {
      COMPLETED: 'AUTHORIZED',
      PENDING: 'FAILED',
      PROCESSING: 'FAILED',
      REJECTED: 'REJECTED',
      REJECTED_INSUFFICIENT_FUNDS: 'REJECTED',
      DECLINED: 'REJECTED',
      FAILED: 'FAILED',
      CANCELED: 'REVOKED',
    };
    for (const [outcome, status] of Object.entries(after))
      for (const step of steps)
        for (const verified of [false, true])
          expect(vrpConsentStatusFor(outcome as BankOutcomeName, step, verified)).toBe(status);
  });
});
