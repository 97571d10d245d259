import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import {
  ScheduledJobRepository,
  VrpConsentRepository,
  type NewVrpConsent,
  type Tx,
  type VrpConsent,
  type VrpConsentChange,
} from '#libs/db';
import { decideVrpConsentMove, nextVrpConsentTimer, type VrpConsentStatus } from '#libs/domain';
import { writeOutboxEvent } from '#libs/events';
import { vrpConsentEventPayload } from './vrp-consent-view.js';

/** The id of a consent's one timer row. */
export function vrpConsentTimerId(vrpConsentId: string): string {
  return `vrp-consents.expire:${vrpConsentId}`;
}

/** Sets (or removes) the consent's lifetime timer as its row now stands, in the caller's transaction. */
export async function scheduleVrpConsentTimer(tx: Tx, consent: VrpConsent): Promise<Date | null> {
  const due = nextVrpConsentTimer({ status: consent.status as VrpConsentStatus, createdAt: consent.createdAt });
  const timers = new ScheduledJobRepository(tx);
  if (due === null) {
    await timers.remove([vrpConsentTimerId(consent.id)]);
    return null;
  }
  const payload: PayloadOf<'vrp-consents.expire'> = { name: 'vrp-consents.expire', vrpConsentId: consent.id };
  await timers.schedule(vrpConsentTimerId(consent.id), payload, due, JOB_QUEUE['vrp-consents.expire']);
  return due;
}

async function announce(tx: Tx, consent: VrpConsent): Promise<void> {
  await writeOutboxEvent(tx, {
    memberId: consent.memberId,
    type: 'VRP_CONSENT_STATUS_CHANGED',
    payload: vrpConsentEventPayload(consent),
    createdAt: consent.updatedAt,
  });
}

/** Stores a new consent with its VRP_CONSENT_STATUS_CHANGED creation event and its timer, in the caller's transaction. */
export async function storeNewVrpConsent(tx: Tx, row: NewVrpConsent): Promise<VrpConsent> {
  const consent = await new VrpConsentRepository(tx).insert(row);
  await announce(tx, consent);
  await scheduleVrpConsentTimer(tx, consent);
  return consent;
}

export type VrpConsentChangeResult =
  | { readonly kind: 'changed'; readonly consent: VrpConsent; readonly statusChanged: boolean }
  /** The status machine does not allow the move (e.g. the consent is already final). */
  | { readonly kind: 'refused'; readonly consent: VrpConsent }
  /** Someone else changed the consent first; nothing was written. */
  | { readonly kind: 'stale' };

/**
 * Moves a consent, in the caller's transaction: checks the move against the status machine,
 * updates the row only if it is still at the version read, writes VRP_CONSENT_STATUS_CHANGED when
 * the status changes, and resets the timer for the new state. Staying in a status updates the row
 * without an event. Final statuses never change.
 */
export async function recordVrpConsentChange(
  tx: Tx,
  current: VrpConsent,
  change: VrpConsentChange,
): Promise<VrpConsentChangeResult> {
  const decision = decideVrpConsentMove(current.status as VrpConsentStatus, change.status as VrpConsentStatus);
  if (decision === 'refuse') return { kind: 'refused', consent: current };
  const statusChanged = decision === 'move';
  const updated = await new VrpConsentRepository(tx).update(current, change);
  if (updated === null) return { kind: 'stale' };
  if (statusChanged) await announce(tx, updated);
  await scheduleVrpConsentTimer(tx, updated);
  return { kind: 'changed', consent: updated, statusChanged };
}
