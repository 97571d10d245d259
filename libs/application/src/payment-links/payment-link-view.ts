import type { PaymentLink } from '#libs/db';
import { HOSTED_PAGES_PATH } from '../browser-paths/browser-paths.js';
import { currentPaymentLinkUsage, type PaymentLinkUsageState } from '#libs/domain';

/** The reference's PaymentLink as the API answers it. */
export interface PaymentLinkResource {
  readonly id: string;
  readonly memberId: string;
  readonly status: string;
  readonly createdAt: string;
  readonly paymentTemplate: Record<string, unknown>;
  readonly linkConfig: Record<string, unknown>;
  readonly url: string;
  readonly currentUsage?: { remainingCount: number; remainingAmount?: string };
}

/** A Decimal column as the API's decimal string (2 fraction digits at least, as the reference's pattern). */
function decimal(value: { toFixed(digits: number): string } | null): string | undefined {
  if (value === null) return undefined;
  const fixed = value.toFixed(4).replace(/0{1,2}$/, '');
  return fixed;
}

export function paymentLinkUsageState(row: PaymentLink): PaymentLinkUsageState {
  return {
    status: row.status,
    maxUsageCount: row.maxUsageCount,
    usedCount: row.usedCount,
    totalAmountLimit: decimal(row.totalAmountLimit) ?? null,
    usedAmount: decimal(row.usedAmount) ?? '0',
    expiresAt: row.expiresAt,
  };
}

/** The link's public page, one of the hosted pages: `{publicBaseUrl}/hosted-pages/payment-links/{pageToken}`. */
/** Where the links' public pages live (under the hosted pages, which take form posts). */
export const PAYMENT_LINK_PAGES_PATH = `${HOSTED_PAGES_PATH}/payment-links`;

export function paymentLinkUrl(publicBaseUrl: string, pageToken: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}${PAYMENT_LINK_PAGES_PATH}/${pageToken}`;
}

export function renderPaymentLink(row: PaymentLink, publicBaseUrl: string, withUsage: boolean): PaymentLinkResource {
  const perPayment = decimal(row.perPaymentAmountLimit);
  const total = decimal(row.totalAmountLimit);
  return {
    id: row.id,
    memberId: row.memberId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paymentTemplate: { id: row.id, ...(row.paymentTemplate as Record<string, unknown>) },
    linkConfig: {
      maxUsageCount: row.maxUsageCount,
      ...(perPayment === undefined ? {} : { perPaymentAmountLimit: perPayment }),
      ...(total === undefined ? {} : { totalAmountLimit: total }),
      ...(row.expiresAt === null ? {} : { expiresAt: row.expiresAt.toISOString() }),
    },
    url: paymentLinkUrl(publicBaseUrl, row.pageToken),
    ...(withUsage ? { currentUsage: currentPaymentLinkUsage(paymentLinkUsageState(row)) } : {}),
  };
}
