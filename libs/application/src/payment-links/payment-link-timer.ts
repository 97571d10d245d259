import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { PaymentLink } from '#libs/db';
import { nextPaymentLinkTimer, type PaymentLinkStatus } from '#libs/domain';
import type { LifecycleTimer } from '../lifecycle/lifecycle.js';

export function paymentLinkTimerId(paymentLinkId: string): string {
  return `payment-links.expire:${paymentLinkId}`;
}

/** The link's expiry timer row while it is active with an expiresAt, else none. */
export function paymentLinkTimer(link: PaymentLink, status: PaymentLinkStatus): LifecycleTimer | null {
  const due = nextPaymentLinkTimer({ status, expiresAt: link.expiresAt });
  if (due === null) return null;
  const payload: PayloadOf<'payment-links.expire'> = { name: 'payment-links.expire', paymentLinkId: link.id };
  return { id: paymentLinkTimerId(link.id), queue: JOB_QUEUE['payment-links.expire'], payload, dueAt: due };
}
