import type { PaymentView } from '#libs/db';
import {
  ACCOUNT_FIELDS,
  PAYMENT_LINK_STATUS_ON_PAYMENT,
  isPaymentLinkStatus,
  paymentRefundStatus,
  remainingRefundAmount,
  type PaymentFlowType,
  type PaymentInitiationInput,
  type PaymentLinkStatusOnPayment,
  type PaymentStatus,
} from '#libs/domain';

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The reference spec's `errorInfo`: why a payment ended badly or the bank could not be reached. */
export interface PaymentErrorInfo {
  readonly httpErrorCode: number;
  readonly message?: string;
  readonly tokenExternalError?: boolean;
  readonly tokenTraceId?: string;
}

/** The Payment resource as the API answers it and PAYMENT_STATUS_CHANGED carries it. */
export interface PaymentResource {
  readonly [key: string]: Json | undefined;
  readonly id: string;
  readonly memberId: string;
  readonly initiation: PaymentInitiationInput & { readonly [key: string]: Json | undefined };
  readonly convertedToFutureDatedPayment: boolean;
  readonly refundDetails?: PaymentRefundDetails;
  readonly status: PaymentStatus;
  readonly statusReasonInformation?: string;
  readonly bankPaymentStatus?: string;
  readonly bankPaymentId?: string;
  readonly authentication?: { readonly [key: string]: Json | undefined };
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
  readonly errorInfo?: PaymentErrorInfo & { readonly [key: string]: Json | undefined };
  /**
   * returnTokenizedAccount: the Account on File made from the debtor account the bank returned
   * (GET /tokenized-accounts/{id} answers its details). The reference names no field for it.
   */
  readonly tokenizedAccountId?: string;
  /** For a payment made through a payment link: where that link stands. */
  readonly paymentLinkStatus?: PaymentLinkStatusOnPayment;
}

/** The reference's RefundDetails: where refunds go, and how much of the payment they have taken. */
export interface PaymentRefundDetails {
  readonly [key: string]: Json | undefined;
  readonly refundAccount: { readonly [key: string]: Json | undefined };
  readonly paymentRefundStatus: string;
  readonly settledRefundAmount: { readonly value: string; readonly currency: string };
  readonly remainingRefundAmount: { readonly value: string; readonly currency: string };
}

/** A decimal column as text without trailing zeros (pg answers text, Prisma a Decimal). */
function decimalText(value: unknown): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function refundDetailsOf(
  row: Omit<PaymentView, 'paymentLinkId'>,
  refundAccount: { readonly [key: string]: Json } | undefined,
): PaymentRefundDetails | undefined {
  if (refundAccount === undefined) return undefined;
  const currency = (row.initiation as { amount?: { currency?: string } }).amount?.currency ?? '';
  const paid = decimalText(row.amount);
  const refunded = decimalText(row.refundedAmount);
  return {
    refundAccount,
    paymentRefundStatus: row.refundStatus === '' ? paymentRefundStatus(paid, refunded) : row.refundStatus,
    settledRefundAmount: { value: decimalText(row.settledRefundAmount), currency },
    remainingRefundAmount: { value: remainingRefundAmount(paid, refunded), currency },
  };
}

function present<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

/** How a payment made through a link shows the link's status (the link's own status, read by the caller). */
export function paymentLinkStatusOnPayment(linkStatus: string | undefined): PaymentLinkStatusOnPayment | undefined {
  return linkStatus !== undefined && isPaymentLinkStatus(linkStatus)
    ? PAYMENT_LINK_STATUS_ON_PAYMENT[linkStatus]
    : undefined;
}

/**
 * The initiation as the TPP sees it: a creditor naming a settlement account shows the account
 * (virtualAccountId) and its name, as the reference's VirtualAccountCreditor, not the
 * identifiers the gateway sent the bank.
 */
function publicInitiation(
  initiation: PaymentResource['initiation'],
  virtualAccountId: string | null,
): PaymentResource['initiation'] {
  if (virtualAccountId === null) return initiation;
  const creditor: Record<string, unknown> = { ...initiation.creditor };
  for (const field of ACCOUNT_FIELDS) delete creditor[field];
  return { ...initiation, creditor } as unknown as PaymentResource['initiation'];
}

/**
 * Renders a stored payment; absent values are left out rather than sent as null. `linkStatus` is
 * the status of the payment link the payment was made through, when it was.
 */
export function renderPayment(row: Omit<PaymentView, 'paymentLinkId'>, linkStatus?: string): PaymentResource {
  const refundAccount = present(row.refundAccount) as { readonly [key: string]: Json } | undefined;
  const resource: PaymentResource = {
    id: row.id,
    memberId: row.memberId,
    // The stored flow type answers for payments stored before the initiation kept one.
    initiation: {
      ...publicInitiation(row.initiation as unknown as PaymentResource['initiation'], row.virtualAccountId),
      flowType: row.flowType as PaymentFlowType,
    } as PaymentResource['initiation'],
    convertedToFutureDatedPayment: row.convertedToFutureDatedPayment,
    refundDetails: refundDetailsOf(row, refundAccount),
    status: row.status,
    statusReasonInformation: present(row.statusReasonInformation),
    bankPaymentStatus: present(row.bankPaymentStatus),
    bankPaymentId: present(row.bankPaymentId),
    authentication: publicAuthentication(present(row.authentication)),
    createdDateTime: row.createdAt.toISOString(),
    updatedDateTime: row.updatedAt.toISOString(),
    errorInfo: present(row.errorInfo) as PaymentResource['errorInfo'],
    tokenizedAccountId: present(row.tokenizedAccountId),
    paymentLinkStatus: paymentLinkStatusOnPayment(linkStatus),
  };
  return withoutAbsent(resource);
}

/**
 * The user's next step as the interface shows it. A CHOICE_FIELD's options are stored as
 * `{ id, label }` (hosted pages show the label and post the id); the interface's options are
 * strings, so the resource names each by its label, and either comes back (the connector takes both).
 */
function publicAuthentication(stored: unknown): PaymentResource['authentication'] {
  if (stored === undefined || stored === null || typeof stored !== 'object') return undefined;
  const { fields } = stored as { fields?: unknown };
  if (!Array.isArray(fields)) return stored as PaymentResource['authentication'];
  return {
    ...(stored as Record<string, Json>),
    fields: fields.map((field: unknown) => {
      const { options } = field as { options?: unknown };
      if (!Array.isArray(options)) return field as Json;
      const labels = options.map((option: unknown) =>
        typeof option === 'object' && option !== null ? (option as { label: string }).label : (option as string),
      );
      return { ...(field as Record<string, Json>), options: labels };
    }),
  };
}

/** The resource without its undefined fields (its values are JSON already: stored JSON, strings, booleans). */
function withoutAbsent(resource: PaymentResource): PaymentResource {
  const present: Record<string, Json | undefined> = {};
  for (const key of Object.keys(resource)) {
    const value = resource[key];
    if (value !== undefined) present[key] = value;
  }
  return present as PaymentResource;
}

/**
 * The payment inside a PAYMENT_STATUS_CHANGED notification: the interface's event fields (id,
 * memberId, initiation, bankPaymentId, createdDateTime, updatedDateTime, status,
 * bankPaymentStatus, statusReasonInformation, refundDetails) and errorInfo when set. The user's next
 * step stays out of notifications: it can carry a bank login link meant for the user alone.
 */
export function paymentEventPayload(row: PaymentView): { readonly [key: string]: Json | undefined } {
  const { authentication: _authentication, ...rest } = renderPayment(row);
  return rest;
}
