import type { Payment } from '#libs/db';
import type { PaymentInitiationInput } from '#libs/domain';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The VRP payment as the reference's Vrp shows it (GET /vrp-consents/{id}/payments). */
export interface VrpResource {
  readonly [key: string]: Json | undefined;
  readonly id: string;
  readonly memberId: string;
  readonly initiation: {
    readonly consentId: string;
    readonly refId: string;
    readonly remittanceInformationPrimary: string;
    readonly remittanceInformationSecondary?: string;
    readonly amount: { readonly value: string; readonly currency: string };
    readonly confirmFunds?: boolean;
    readonly risk?: { readonly [key: string]: Json | undefined };
  };
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: string;
  readonly bankVrpId?: string;
  readonly bankVrpStatus?: string;
  readonly statusReasonInformation?: string;
  readonly refundDetails?: { readonly refundAccount: { readonly [key: string]: Json | undefined } };
}

/** The fields of a payment a VRP view reads. */
export type VrpPaymentRow = Pick<
  Payment,
  | 'id'
  | 'memberId'
  | 'vrpConsentId'
  | 'initiation'
  | 'status'
  | 'bankPaymentId'
  | 'bankPaymentStatus'
  | 'statusReasonInformation'
  | 'refundAccount'
  | 'createdAt'
  | 'updatedAt'
>;

function present<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

/**
 * A variable recurring payment is a Payments v2 payment under a VRP consent: the Vrp resource is
 * that payment seen through the consent (the same id; its status is one of the VrpStatus values,
 * which are payment statuses; the bank's payment id and status are the VRP's).
 */
export function renderVrp(row: VrpPaymentRow): VrpResource {
  const input = row.initiation as unknown as PaymentInitiationInput;
  const refundAccount = present(row.refundAccount) as { readonly [key: string]: Json } | null | undefined;
  const resource: VrpResource = {
    id: row.id,
    memberId: row.memberId,
    initiation: {
      consentId: row.vrpConsentId ?? '',
      refId: input.refId,
      remittanceInformationPrimary: input.remittanceInformationPrimary,
      remittanceInformationSecondary: input.remittanceInformationSecondary,
      amount: { value: input.amount.value, currency: input.amount.currency },
      confirmFunds: input.confirmFunds,
      risk: input.risk as VrpResource['initiation']['risk'],
    },
    createdDateTime: row.createdAt.toISOString(),
    updatedDateTime: row.updatedAt.toISOString(),
    status: row.status,
    bankVrpId: present(row.bankPaymentId),
    bankVrpStatus: present(row.bankPaymentStatus),
    statusReasonInformation: present(row.statusReasonInformation),
    refundDetails: refundAccount === undefined || refundAccount === null ? undefined : { refundAccount },
  };
  return JSON.parse(JSON.stringify(resource)) as VrpResource;
}

/** VRP_STATUS_CHANGED's `vrpStatusChanged` for a VRP payment as it now stands. */
export function vrpEventPayload(
  row: Pick<
    Payment,
    'id' | 'vrpConsentId' | 'status' | 'bankPaymentId' | 'bankPaymentStatus' | 'statusReasonInformation'
  >,
): {
  readonly vrpId: string;
  readonly consentId: string;
  readonly status: string;
  readonly bankVrpId?: string;
  readonly bankVrpStatus?: string;
  readonly statusReasonInformation?: string;
} {
  return {
    vrpId: row.id,
    consentId: row.vrpConsentId ?? '',
    status: row.status,
    ...(row.bankPaymentId === null ? {} : { bankVrpId: row.bankPaymentId }),
    ...(row.bankPaymentStatus === null ? {} : { bankVrpStatus: row.bankPaymentStatus }),
    ...(row.statusReasonInformation === null ? {} : { statusReasonInformation: row.statusReasonInformation }),
  };
}
