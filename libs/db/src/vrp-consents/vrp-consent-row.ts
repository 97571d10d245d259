import { vrpConsentStatusMachine, type VrpConsentStatus } from '#libs/domain';
import type { VrpConsent as VrpConsentRow } from '../generated/prisma/client.js';
import { statusColumn, type WithStatus } from '../status-column.js';

/** The `vrp_consent` table's status column: a VrpConsentStatus, checked as read. */
export const VRP_CONSENT_STATUS = statusColumn(vrpConsentStatusMachine);

/** A VRP consent as stored, its status a VrpConsentStatus. */
export type VrpConsent = WithStatus<VrpConsentRow, VrpConsentStatus>;
