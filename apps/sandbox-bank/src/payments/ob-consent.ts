import { obDateTime } from '../http/obie-request.js';
import type { Consent } from '../store/consent.store.js';

/** The fields every Open Banking consent response opens its Data with: the id and the status, with their times. */
export function obConsentStatus(consent: Consent): object {
  return {
    ConsentId: consent.id,
    CreationDateTime: obDateTime(consent.createdAt),
    Status: consent.status,
    StatusUpdateDateTime: obDateTime(consent.statusUpdatedAt),
  };
}
