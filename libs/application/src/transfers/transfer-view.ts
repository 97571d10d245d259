import type { TransferStatusChangedPayload } from '#libs/events';
import type { Transfer, TransferView } from '#libs/db';

/** The interface's Transfer resource (GET /transfers/{id}, GET /transfers, POST /transfers). */
export interface TransferResource {
  readonly id: string;
  readonly createdAtMs: string;
  readonly status: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly payloadSignatures: readonly unknown[];
  readonly convertedToFutureDatedPayment: boolean;
  readonly actingAs?: Readonly<Record<string, unknown>>;
  readonly executionDate?: string;
  readonly providerDetails?: { readonly id?: string; readonly status?: string };
  readonly refundDetails: { readonly transferRefundStatus: string };
  readonly source?: Readonly<Record<string, unknown>>;
  readonly statusReasonInformation?: string;
  readonly transactionId?: string;
}

function providerDetails(transfer: TransferView): TransferResource['providerDetails'] {
  if (transfer.bankPaymentId === null && transfer.bankPaymentStatus === null) return undefined;
  return {
    ...(transfer.bankPaymentId === null ? {} : { id: transfer.bankPaymentId }),
    ...(transfer.bankPaymentStatus === null ? {} : { status: transfer.bankPaymentStatus }),
  };
}

/** The stored transfer as the interface shows it; absent values are left out, never null. */
export function renderTransfer(transfer: TransferView): TransferResource {
  const payload = transfer.payload as Readonly<Record<string, unknown>>;
  const actingAs = payload['actingAs'] as Readonly<Record<string, unknown>> | undefined;
  const { actingAs: _actingAs, ...transferPayload } = payload;
  const provider = providerDetails(transfer);
  return {
    id: transfer.id,
    createdAtMs: String(transfer.createdAt.getTime()),
    status: transfer.status,
    payload: transferPayload,
    payloadSignatures: [],
    convertedToFutureDatedPayment: transfer.convertedToFutureDatedPayment,
    ...(actingAs === undefined ? {} : { actingAs }),
    ...(transfer.executionDate === null ? {} : { executionDate: transfer.executionDate }),
    ...(provider === undefined ? {} : { providerDetails: provider }),
    refundDetails: { transferRefundStatus: transfer.refundStatus },
    ...(transfer.source === null ? {} : { source: transfer.source as Readonly<Record<string, unknown>> }),
    ...(transfer.statusReasonInformation === null ? {} : { statusReasonInformation: transfer.statusReasonInformation }),
    ...(transfer.transactionId === null ? {} : { transactionId: transfer.transactionId }),
  };
}

/** TRANSFER_STATUS_CHANGED's `transferStatusChanged`, as the interface lists it. */
export function transferEventPayload(transfer: Transfer): TransferStatusChangedPayload {
  return {
    refId: transfer.refId,
    bankPaymentStatus: transfer.bankPaymentStatus ?? '',
    status: transfer.status,
    ...(transfer.statusReasonInformation === null ? {} : { statusReasonInformation: transfer.statusReasonInformation }),
    tokenRequestId: transfer.tokenRequestId,
    transferId: transfer.id,
    ...(transfer.transactionId === null ? {} : { transactionId: transfer.transactionId }),
  };
}
