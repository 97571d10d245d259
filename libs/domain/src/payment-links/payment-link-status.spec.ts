import { describe, expect, it } from 'vitest';
import {
  PAYMENT_LINK_STATUSES,
  PAYMENT_LINK_TRANSITIONS,
  decidePaymentLinkMove,
  isPaymentLinkStatus,
  paymentLinkStatusMachine,
  type PaymentLinkStatus,
} from './payment-link-status.js';

const FINAL: readonly PaymentLinkStatus[] = ['LINK_EXPIRED', 'LINK_CANCELED'];

/** The table written out independently of PAYMENT_LINK_TRANSITIONS: every allowed (from, to) pair. */
const ALLOWED: Readonly<Record<PaymentLinkStatus, readonly PaymentLinkStatus[]>> = {
  LINK_ACTIVE: ['LINK_EXPIRED', 'LINK_CANCELED', 'USAGE_LIMIT_REACHED', 'AMOUNT_LIMIT_REACHED'],
  LINK_EXPIRED: [],
  LINK_CANCELED: [],
  USAGE_LIMIT_REACHED: ['LINK_ACTIVE', 'AMOUNT_LIMIT_REACHED', 'LINK_EXPIRED', 'LINK_CANCELED'],
  AMOUNT_LIMIT_REACHED: ['LINK_ACTIVE', 'USAGE_LIMIT_REACHED', 'LINK_EXPIRED', 'LINK_CANCELED'],
};

describe('the payment link status machine', () => {
  it("covers exactly the reference's 5 PaymentLinkStatusFilter values", () => {
    expect(PAYMENT_LINK_STATUSES).toHaveLength(5);
    expect(Object.keys(PAYMENT_LINK_TRANSITIONS).sort()).toEqual([...PAYMENT_LINK_STATUSES].sort());
    for (const status of PAYMENT_LINK_STATUSES) expect(isPaymentLinkStatus(status)).toBe(true);
    expect(isPaymentLinkStatus('link_active')).toBe(false);
    expect(isPaymentLinkStatus('LINK_REDEEMED')).toBe(false);
  });

  it('has exactly the expected final statuses', () => {
    expect(PAYMENT_LINK_STATUSES.filter((s) => paymentLinkStatusMachine.isFinal(s)).sort()).toEqual([...FINAL].sort());
  });

  it('decides every one of the 5x5 pairs: final refuses all, same status stays, others follow the table', () => {
    let pairs = 0;
    for (const from of PAYMENT_LINK_STATUSES) {
      for (const to of PAYMENT_LINK_STATUSES) {
        pairs += 1;
        const expected = FINAL.includes(from)
          ? 'refuse'
          : from === to
            ? 'stay'
            : ALLOWED[from].includes(to)
              ? 'move'
              : 'refuse';
        expect(decidePaymentLinkMove(from, to), `${from} -> ${to}`).toBe(expected);
        expect(paymentLinkStatusMachine.canMove(from, to), `${from} -> ${to}`).toBe(ALLOWED[from].includes(to));
      }
    }
    expect(pairs).toBe(25);
  });
});
