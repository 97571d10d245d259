import { describe, expect, it } from 'vitest';
import { nextPaymentTimer, paymentTimerAction, type PaymentTimerInput } from './payment-timer.js';
import { pollDelaySeconds } from '../shared/poll-delay.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number): Date => new Date(NOW.getTime() + ms);
const base: PaymentTimerInput = {
  status: 'INITIATION_PROCESSING',
  now: NOW,
  expiresAt: null,
  pollUntil: at(30 * 86_400_000),
  pollCount: 0,
  scheduleSeconds: [5, 30, 300],
  atBank: true,
};

describe('payment timers', () => {
  it('polls on the schedule, the last value repeating', () => {
    expect([0, 1, 2, 3, 10].map((n) => pollDelaySeconds([5, 30, 300], n))).toEqual([5, 30, 300, 300, 300]);
    expect(nextPaymentTimer({ ...base, pollCount: 1 })).toEqual(at(30_000));
  });

  it('never fires later than the end of the polling period', () => {
    expect(nextPaymentTimer({ ...base, pollUntil: at(2000) })).toEqual(at(2000));
  });

  it('waits for the user until the step expires; decoupled approval is polled meanwhile', () => {
    expect(nextPaymentTimer({ ...base, status: 'INITIATION_PENDING_REDIRECT_AUTH', expiresAt: at(900_000) })).toEqual(
      at(900_000),
    );
    expect(nextPaymentTimer({ ...base, status: 'INITIATION_PENDING_DECOUPLED_AUTH', expiresAt: at(900_000) })).toEqual(
      at(5000),
    );
  });

  it("needs no timer once the bank's part is over", () => {
    for (const status of ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_EXPIRED', 'CANCELED'] as const)
      expect(nextPaymentTimer({ ...base, status })).toBeNull();
  });

  it('an initiation still unanswered fires at its bank deadline and is then declared lost', () => {
    const pending = { ...base, status: 'INITIATION_PENDING' as const, atBank: false, expiresAt: at(90_000) };
    expect(nextPaymentTimer(pending)).toEqual(at(90_000));
    expect(paymentTimerAction(pending).kind).toBe('wait');
    expect(paymentTimerAction({ ...pending, now: at(90_000) }).kind).toBe('initiation-lost');
  });

  it('applies expiry, the 30-day rule and polling in that order', () => {
    expect(paymentTimerAction({ ...base, now: at(30 * 86_400_000) }).kind).toBe('give-up');
    expect(paymentTimerAction({ ...base, status: 'INITIATION_PENDING_EMBEDDED_AUTH', expiresAt: at(0) }).kind).toBe(
      'expire',
    );
    expect(paymentTimerAction({ ...base, status: 'INITIATION_PENDING_EMBEDDED_AUTH', expiresAt: at(1) }).kind).toBe(
      'wait',
    );
    expect(paymentTimerAction({ ...base, status: 'INITIATION_PENDING_DECOUPLED_AUTH', expiresAt: at(1) }).kind).toBe(
      'poll',
    );
    expect(paymentTimerAction(base).kind).toBe('poll');
  });
});
