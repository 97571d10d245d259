import { PaymentLinkRepository, type Payment, type Tx } from '#libs/db';
import { endedWithoutMoneyMoved, givePaymentLinkUseBack } from '#libs/domain';
import { decideMove } from '../lifecycle/planned-change.js';
import { recordChange } from '../lifecycle/record-change.js';
import { paymentLinkLifecycle } from './payment-link-lifecycle.js';
import { paymentLinkUsageState } from './payment-link-view.js';

/**
 * A payment made through a payment link has just ended without the money moving (rejected, failed,
 * declined, expired, canceled): its use and its amount are given back to the link, in the
 * transaction that records the payment's end (its row locked; then the link's), so the link's
 * counts always equal the sums over its payments that moved or may still move money. The counts
 * always move; the status follows through the link's lifecycle where its machine allows (a link
 * used up only by such payments is active again, one past its expiresAt expired, its expiry timer
 * with it). A final link (canceled, expired) refuses every status move, so its counts alone are
 * written at the version read: no status move, no timer. Final payment statuses never change, so
 * a payment gives its use back once. Does nothing for any other payment or status.
 */
export async function giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void> {
  if (payment.paymentLinkId === null || !endedWithoutMoneyMoved(payment.status)) return;
  const links = new PaymentLinkRepository(tx);
  const link = await links.lock(payment.paymentLinkId);
  if (link === null) return;
  const back = givePaymentLinkUseBack(paymentLinkUsageState(link), payment.amount.toFixed(4), now);
  const change = { ...back, updatedAt: now };
  // The row is locked: neither write can find it moved.
  if (decideMove(paymentLinkLifecycle, link, change) === 'refuse')
    await links.update(link, { usedCount: back.usedCount, usedAmount: back.usedAmount, updatedAt: now });
  else await recordChange(paymentLinkLifecycle, tx, link, change, now, undefined);
}
