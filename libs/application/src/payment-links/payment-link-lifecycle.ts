import {
  PaymentLinkRepository,
  type NewPaymentLink,
  type PaymentLink,
  type PaymentLinkChange,
  type Tx,
} from '#libs/db';
import { paymentLinkStatusMachine, type PaymentLinkStatus } from '#libs/domain';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import { storeNew } from '../lifecycle/record-change.js';
import { paymentLinkTimer, paymentLinkTimerId } from './payment-link-timer.js';

/** The link's status as its row holds it; a value outside the machine's statuses fails loudly. */
/**
 * A payment link's lifecycle: LINK_ACTIVE until it expires, is canceled or is used up (its
 * maximum uses or its total amount reached); a used-up link is active again when a use is given
 * back, and expired and canceled are final (the machine: `paymentLinkStatusMachine`). A use that
 * leaves the link active stays, its counts written at the version read. Links write no events of
 * their own; the one timer is the link's expiry while it is active. Counting a use given back to
 * a final link is no status move and no part of the lifecycle (`giveBackLinkUse`).
 */
export const paymentLinkLifecycle: Lifecycle<
  PaymentLink,
  PaymentLinkChange,
  PaymentLinkStatus,
  void,
  void,
  NewPaymentLink
> = {
  name: 'payment link',
  machine: paymentLinkStatusMachine,
  statusOf: (link) => link.status,
  proposedStatusOf: (change, current) => change.status ?? current.status,
  idOf: (link) => link.id,
  update: (tx, current, change) => new PaymentLinkRepository(tx).update(current, change),
  insert: (tx, row) => new PaymentLinkRepository(tx).insert(row),
  events: () => [],
  timer: (link) => paymentLinkTimer(link, link.status),
  timerId: paymentLinkTimerId,
};

/** Stores a new link with its expiry timer (the lifecycle's `storeNew`), in the caller's transaction. */
export function storeNewPaymentLink(tx: Tx, now: Date, row: NewPaymentLink): Promise<PaymentLink> {
  return storeNew(paymentLinkLifecycle, tx, row, now, undefined);
}
