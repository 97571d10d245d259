import { readById } from '../views/read-by-id.js';
import { VRP_CONSENT_STATUS, type VrpConsent } from './vrp-consent-row.js';

/**
 * What the API shows of a VRP consent (the VrpConsent resource): the columns GET
 * /vrp-consents/{id} reads; never the sealed grant or the callback token.
 */
export type VrpConsentView = Pick<
  VrpConsent,
  | 'id'
  | 'memberId'
  | 'initiation'
  | 'createdAt'
  | 'updatedAt'
  | 'status'
  | 'bankConsentId'
  | 'bankConsentStatus'
  | 'statusReasonInformation'
  | 'authentication'
>;

export const readVrpConsentView = readById<VrpConsentView>({
  name: 'vrp-consent-view-by-id',
  table: 'vrp_consent',
  memberColumn: 'member_id',
  columns: {
    id: 'id',
    memberId: 'member_id',
    initiation: 'initiation',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    status: 'status',
    bankConsentId: 'bank_consent_id',
    bankConsentStatus: 'bank_consent_status',
    statusReasonInformation: 'status_reason_information',
    authentication: 'authentication',
  },
  parsed: { status: VRP_CONSENT_STATUS.parse },
});
