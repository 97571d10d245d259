import type { Refund, RefundView } from '#libs/db';
import type { RefundStatus } from '#libs/domain';
import type { RefundStatusChangedPayload } from '#libs/events';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The reference's Refund, as the API answers it. */
export interface RefundResource {
  readonly [key: string]: Json | undefined;
  readonly id: string;
  readonly memberId: string;
  readonly bankTransactionId?: string;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly status: RefundStatus;
  readonly bankPaymentStatus?: string;
  readonly statusReasonInformation?: string;
  readonly initiation?: { readonly [key: string]: Json | undefined };
}

/** Renders a stored refund; absent values are left out. With `partial`, only id and status. */
export function renderRefund(row: RefundView, options: { readonly partial?: boolean } = {}): RefundResource {
  if (options.partial === true) return { id: row.id, status: row.status } as unknown as RefundResource;
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

/** REFUND_STATUS_CHANGED's refundStatusChanged, as the interface lists it. */
export function refundEventPayload(row: Refund): RefundStatusChangedPayload {
  return {
    refundId: row.id,
    memberId: row.memberId,
    status: row.status,
    ...(row.bankTransactionId === null ? {} : { bankTransactionID: row.bankTransactionId }),
    ...(row.bankPaymentStatus === null ? {} : { bankPaymentStatus: row.bankPaymentStatus }),
    refId: row.refId,
  };
}
