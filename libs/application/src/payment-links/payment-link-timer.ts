import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import { ScheduledJobRepository, type PaymentLink, type Tx } from '#libs/db';
import { nextPaymentLinkTimer } from '#libs/domain';

export function paymentLinkTimerId(paymentLinkId: string): string {
  return `payment-links.expire:${paymentLinkId}`;
}

/** Sets (or removes) the link's expiry timer as its row now stands, in the caller's transaction. */
export async function resetPaymentLinkTimer(tx: Tx, link: PaymentLink): Promise<Date | null> {
  const due = nextPaymentLinkTimer({ status: link.status, expiresAt: link.expiresAt });
  const timers = new ScheduledJobRepository(tx);
  if (due === null) {
    await timers.remove([paymentLinkTimerId(link.id)]);
    return null;
  }
  const payload: PayloadOf<'payment-links.expire'> = { name: 'payment-links.expire', paymentLinkId: link.id };
  await timers.schedule(paymentLinkTimerId(link.id), payload, due, JOB_QUEUE['payment-links.expire']);
  return due;
}
