import type { NewVrpConsent, Tx, VrpConsent, VrpConsentChange } from '#libs/db';
import { recordChange, resetTimer, storeNew } from '../lifecycle/record-change.js';
import { vrpConsentLifecycle } from './vrp-consent-lifecycle.js';

export { vrpConsentTimerId } from './vrp-consent-lifecycle.js';

/** Sets (or removes) the consent's lifetime timer as its row now stands, in the caller's transaction. */
export function scheduleVrpConsentTimer(tx: Tx, consent: VrpConsent): Promise<Date | null> {
  return resetTimer(vrpConsentLifecycle, tx, consent, consent.updatedAt, undefined);
}

/** Stores a new consent with its VRP_CONSENT_STATUS_CHANGED creation event and its timer, in the caller's transaction. */
export function storeNewVrpConsent(tx: Tx, row: NewVrpConsent, now: Date): Promise<VrpConsent> {
  return storeNew(vrpConsentLifecycle, tx, row, now, undefined);
}

export type VrpConsentChangeResult =
  | { readonly kind: 'changed'; readonly consent: VrpConsent; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the consent is already final). */
  | { readonly kind: 'refused'; readonly consent: VrpConsent }
  /** Someone else changed the consent first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a consent, in the caller's transaction, by its lifecycle (recordChange): checks the move
 * against the status machine, updates the row only if it is still at the version read, writes
 * VRP_CONSENT_STATUS_CHANGED when the status changes, and resets the timer for the new state.
 * Staying in a status updates the row without an event. Final statuses never change.
 */
export async function recordVrpConsentChange(
  tx: Tx,
  current: VrpConsent,
  change: VrpConsentChange,
): Promise<VrpConsentChangeResult> {
  const recorded = await recordChange(vrpConsentLifecycle, tx, current, change, change.updatedAt, undefined);
  if (recorded.kind === 'stale') return recorded;
  if (recorded.kind === 'refused') return { kind: 'refused', consent: recorded.row };
  return { kind: 'changed', consent: recorded.row, statusChanged: recorded.statusChanged };
}
