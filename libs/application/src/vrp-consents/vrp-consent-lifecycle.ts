import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { VrpConsentRepository, type NewVrpConsent, type VrpConsent, type VrpConsentChange } from '#libs/db';
import { nextVrpConsentTimer, vrpConsentStatusMachine, type VrpConsentStatus } from '#libs/domain';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import { vrpConsentEventPayload } from './vrp-consent-view.js';

/** The id of a consent's one timer row. */
export function vrpConsentTimerId(vrpConsentId: string): string {
  return `vrp-consents.expire:${vrpConsentId}`;
}

/**
 * The lifecycle of a VRP consent: the consent status machine; a move writes
 * VRP_CONSENT_STATUS_CHANGED and sets or removes the `vrp-consents.expire` lifetime timer.
 */
export const vrpConsentLifecycle: Lifecycle<VrpConsent, VrpConsentChange, VrpConsentStatus, void, void, NewVrpConsent> =
  {
    name: 'VRP consent',
    machine: vrpConsentStatusMachine,
    statusOf: (consent) => consent.status,
    proposedStatusOf: (change) => change.status,
    idOf: (consent) => consent.id,
    update: (tx, current, change) => new VrpConsentRepository(tx).update(current, change),
    insert: (tx, row) => new VrpConsentRepository(tx).insert(row),
    events: (consent) => [
      {
        memberId: consent.memberId,
        type: 'VRP_CONSENT_STATUS_CHANGED',
        payload: vrpConsentEventPayload(consent),
        createdAt: consent.updatedAt,
      },
    ],
    timer(consent) {
      const due = nextVrpConsentTimer({ status: consent.status, createdAt: consent.createdAt });
      if (due === null) return null;
      const payload: PayloadOf<'vrp-consents.expire'> = { name: 'vrp-consents.expire', vrpConsentId: consent.id };
      return { id: vrpConsentTimerId(consent.id), queue: JOB_QUEUE['vrp-consents.expire'], payload, dueAt: due };
    },
    timerId: vrpConsentTimerId,
  };
