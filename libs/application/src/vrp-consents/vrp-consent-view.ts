import type { VrpConsent, VrpConsentView } from '#libs/db';
import type { VrpConsentStatusChangedPayload } from '#libs/events';

/** The reference's VrpConsent, as GET /vrp-consents/{id} and the other routes answer it. */
export interface VrpConsentResource {
  readonly id: string;
  readonly memberId: string;
  readonly initiation: Readonly<Record<string, unknown>>;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: string;
  readonly bankVrpConsentId?: string;
  readonly bankVrpConsentStatus?: string;
  readonly statusReasonInformation?: string;
  readonly authentication?: { readonly redirectUrl: string };
}

/** The consent as the interface shows it; the sealed grant and the callback token never leave the gateway. */
export function renderVrpConsent(row: VrpConsentView): VrpConsentResource {
  const authentication = row.authentication as { redirectUrl?: unknown } | null;
  return {
    id: row.id,
    memberId: row.memberId,
    initiation: row.initiation as Readonly<Record<string, unknown>>,
    createdDateTime: row.createdAt.toISOString(),
    updatedDateTime: row.updatedAt.toISOString(),
    status: row.status,
    ...(row.bankConsentId === null ? {} : { bankVrpConsentId: row.bankConsentId }),
    ...(row.bankConsentStatus === null ? {} : { bankVrpConsentStatus: row.bankConsentStatus }),
    ...(row.statusReasonInformation === null ? {} : { statusReasonInformation: row.statusReasonInformation }),
    ...(typeof authentication?.redirectUrl === 'string'
      ? { authentication: { redirectUrl: authentication.redirectUrl } }
      : {}),
  };
}

/** VRP_CONSENT_STATUS_CHANGED's `vrpConsentStatusChanged`: the bank's id and status empty while unknown. */
export function vrpConsentEventPayload(row: VrpConsent): VrpConsentStatusChangedPayload {
  return {
    vrpConsentId: row.id,
    bankVrpConsentId: row.bankConsentId ?? '',
    status: row.status,
    bankVrpConsentStatus: row.bankConsentStatus ?? '',
  };
}

/** Where the user's browser goes at the end: the TPP's callbackUrl with the consent's id and the TPP's state. */
export function vrpConsentCallbackUrl(row: VrpConsent): string {
  const initiation = row.initiation as { readonly callbackUrl: string; readonly callbackState?: string };
  const url = new URL(initiation.callbackUrl);
  url.searchParams.set('vrpConsentId', row.id);
  if (initiation.callbackState !== undefined) url.searchParams.set('callbackState', initiation.callbackState);
  return url.toString();
}
