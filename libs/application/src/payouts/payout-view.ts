import type { Payout, PayoutView } from '#libs/db';
import type { PayoutStatus } from '#libs/domain';
import type { PayoutStatusChangedPayload } from '#libs/events';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The reference's Payout, as the API answers it. */
export interface PayoutResource {
  readonly [key: string]: Json | undefined;
  readonly id: string;
  readonly memberId: string;
  readonly bankTransactionId?: string;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: PayoutStatus;
  readonly bankPaymentStatus?: string;
  readonly statusReasonInformation?: string;
  readonly initiation?: { readonly [key: string]: Json | undefined };
}

/** Renders a stored payout; absent values are left out. */
export function renderPayout(row: PayoutView): PayoutResource {
  return {
    id: row.id,
    memberId: row.memberId,
    ...(row.bankTransactionId === null ? {} : { bankTransactionId: row.bankTransactionId }),
    createdDateTime: row.createdAt.toISOString(),
    updatedDateTime: row.updatedAt.toISOString(),
    status: row.status,
    ...(row.bankPaymentStatus === null ? {} : { bankPaymentStatus: row.bankPaymentStatus }),
    ...(row.statusReasonInformation === null ? {} : { statusReasonInformation: row.statusReasonInformation }),
    initiation: row.initiation as { readonly [key: string]: Json },
  };
}

/** PAYOUT_STATUS_CHANGED's payoutStatusChanged, as the interface lists it. */
export function payoutEventPayload(
  row: Pick<Payout, 'id' | 'memberId' | 'refId' | 'status' | 'bankTransactionId' | 'bankPaymentStatus'>,
): PayoutStatusChangedPayload {
  return {
    payoutId: row.id,
    ...(row.bankTransactionId === null ? {} : { bankTransactionId: row.bankTransactionId }),
    refId: row.refId,
    status: row.status,
    ...(row.bankPaymentStatus === null ? {} : { bankPaymentStatus: row.bankPaymentStatus }),
    memberId: row.memberId,
  };
}
