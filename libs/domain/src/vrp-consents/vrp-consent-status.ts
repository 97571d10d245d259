import type { BankOutcomeName, NextStepKind } from '../shared/bank-outcome.js';
import { defineStatusMachine, type TransitionTable, type MoveDecision } from '../status-machine/status-machine.js';

/** The reference's VrpConsentStatus values. */
export const VRP_CONSENT_STATUSES = [
  'PENDING',
  'PENDING_MORE_INFO',
  'PENDING_REDIRECT_AUTH',
  'PENDING_REDIRECT_AUTH_VERIFICATION',
  'AUTHORIZED',
  'REJECTED',
  'REVOKED',
  'FAILED',
] as const;
export type VrpConsentStatus = (typeof VRP_CONSENT_STATUSES)[number];

/** The statuses that wait for the user (or for the bank's answer about them): FAILED 30 minutes after creation. */
export const AWAITING_VRP_CONSENT_STATUSES = [
  'PENDING',
  'PENDING_MORE_INFO',
  'PENDING_REDIRECT_AUTH',
  'PENDING_REDIRECT_AUTH_VERIFICATION',
] as const satisfies readonly VrpConsentStatus[];

/**
 * The VRP consent status machine. A consent waits for its bank (PENDING), for the user's bank
 * choice (PENDING_MORE_INFO) or for the user at the bank (PENDING_REDIRECT_AUTH); the bank's
 * callback is verified (PENDING_REDIRECT_AUTH_VERIFICATION) and ends AUTHORIZED, REJECTED or
 * FAILED. Any waiting consent may fail (30 minutes after creation, or a bank failure) or be
 * revoked by its member; an authorised one may only be revoked. REJECTED, REVOKED and FAILED are
 * final.
 */
export const VRP_CONSENT_TRANSITIONS: TransitionTable<VrpConsentStatus> = {
  PENDING_MORE_INFO: ['PENDING', 'PENDING_REDIRECT_AUTH', 'AUTHORIZED', 'REJECTED', 'FAILED', 'REVOKED'],
  PENDING: ['PENDING_REDIRECT_AUTH', 'AUTHORIZED', 'REJECTED', 'FAILED', 'REVOKED'],
  PENDING_REDIRECT_AUTH: ['PENDING_REDIRECT_AUTH_VERIFICATION', 'AUTHORIZED', 'REJECTED', 'FAILED', 'REVOKED'],
  PENDING_REDIRECT_AUTH_VERIFICATION: ['AUTHORIZED', 'REJECTED', 'FAILED', 'REVOKED'],
  AUTHORIZED: ['REVOKED'],
  REJECTED: [],
  REVOKED: [],
  FAILED: [],
};

export const vrpConsentStatusMachine = defineStatusMachine('VRP consent', VRP_CONSENT_TRANSITIONS);

export function isVrpConsentStatus(value: string): value is VrpConsentStatus {
  return (VRP_CONSENT_STATUSES as readonly string[]).includes(value);
}

/** Whether the consent still waits for the user or the bank (and so fails when its lifetime ends). */
export function isAwaitingVrpConsentStatus(status: VrpConsentStatus): boolean {
  return (AWAITING_VRP_CONSENT_STATUSES as readonly VrpConsentStatus[]).includes(status);
}

/** What recording a proposed status does: move, stay (same status; details may change), or refuse. */
export type VrpConsentMoveDecision = MoveDecision;

/** Final statuses refuse everything (also staying); other moves follow the table. */
export function decideVrpConsentMove(from: VrpConsentStatus, to: VrpConsentStatus): VrpConsentMoveDecision {
  return vrpConsentStatusMachine.decide(from, to);
}

const AFTER_AUTHORISING: Readonly<Record<Exclude<BankOutcomeName, 'AWAITING_AUTHORISATION'>, VrpConsentStatus>> = {
  // A consent the bank holds as authorised is in force; anything not yet final there is not usable.
  COMPLETED: 'AUTHORIZED',
  PENDING: 'FAILED',
  PROCESSING: 'FAILED',
  REJECTED: 'REJECTED',
  REJECTED_INSUFFICIENT_FUNDS: 'REJECTED',
  DECLINED: 'REJECTED',
  FAILED: 'FAILED',
  CANCELED: 'REVOKED',
};

/**
 * The consent status a bank reading stands for. Awaiting authorisation: the user is sent to the
 * bank (PENDING_REDIRECT_AUTH), or, with no step offered, the consent stays PENDING. After the
 * user's step (`verified`: the callback's code was exchanged) the outcome decides; a consent the
 * bank still awaits after the callback failed (the user left without authorising).
 */
export function vrpConsentStatusFor(outcome: BankOutcomeName, next: NextStepKind, verified = false): VrpConsentStatus {
  if (outcome === 'AWAITING_AUTHORISATION') {
    if (verified) return 'FAILED';
    return next === 'redirect' ? 'PENDING_REDIRECT_AUTH' : 'PENDING';
  }
  return AFTER_AUTHORISING[outcome];
}
