import { PaymentLinkRepository, type Payment, type Tx } from '#libs/db';
import { endedWithoutMoneyMoved, givePaymentLinkUseBack } from '#libs/domain';
import { paymentLinkUsageState } from './payment-link-view.js';
import { resetPaymentLinkTimer } from './payment-link-timer.js';

/**
 * A payment made through a payment link has just ended without the money moving (rejected, failed,
 * declined, expired, canceled): its use and its amount are given back to the link, in the
 * transaction that records the payment's end (its row locked; then the link's), so the link's
 * counts always equal the sums over its payments that moved or may still move money. The link's
 * status follows (a link used up only by such payments is active again, unless it was canceled or
 * has expired) and its expiry timer with it. Final statuses never change, so a payment gives its
 * use back once. Does nothing for any other payment or status.
 */
export async function giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void> {
  if (payment.paymentLinkId === null || !endedWithoutMoneyMoved(payment.status)) return;
  const links = new PaymentLinkRepository(tx);
  const link = await links.lock(payment.paymentLinkId);
  if (link === null) return;
  const back = givePaymentLinkUseBack(paymentLinkUsageState(link), payment.amount.toFixed(4), now);
  const given = await links.update(link, { ...back, updatedAt: now });
  if (given !== null && given.status !== link.status) await resetPaymentLinkTimer(tx, given);
}
