import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentStatusFor } from './bank-outcome-status.js';
import { type BankOutcomeName, type NextStepKind } from '../shared/bank-outcome.js';
import {
  AWAITING_USER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  decidePaymentMove,
  isBankFinalPaymentStatus,
  paymentStatusMachine,
  type PaymentStatus,
} from './payment-status.js';

const FINAL: readonly PaymentStatus[] = [
  'INITIATION_REJECTED',
  'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  'INITIATION_FAILED',
  'INITIATION_DECLINED',
  'INITIATION_EXPIRED',
  'INITIATION_NO_FINAL_STATUS_AVAILABLE',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
  'CANCELED',
];
const OUTCOMES: readonly BankOutcomeName[] = [
  'AWAITING_AUTHORISATION',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'REJECTED_INSUFFICIENT_FUNDS',
  'FAILED',
  'DECLINED',
  'CANCELED',
];
const STEPS: readonly NextStepKind[] = ['redirect', 'embedded', 'decoupled', 'none'];

describe('the Payments v2 status machine', () => {
  it("covers exactly the reference spec's PaymentStatus enum", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect(PAYMENT_STATUSES).toHaveLength(22);
  });

  it('has exactly the expected final statuses; INITIATION_COMPLETED moves on only to settlement', () => {
    expect(PAYMENT_STATUSES.filter((s) => paymentStatusMachine.isFinal(s)).sort()).toEqual([...FINAL].sort());
    expect(PAYMENT_TRANSITIONS.INITIATION_COMPLETED).toEqual(['SETTLEMENT_IN_PROGRESS']);
    expect(isBankFinalPaymentStatus('INITIATION_COMPLETED')).toBe(true);
    expect(isBankFinalPaymentStatus('INITIATION_PROCESSING')).toBe(false);
  });

  it('decides every pair: final refuses all, same status stays, others follow the table', () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        const expected = FINAL.includes(from)
          ? 'refuse'
          : from === to
            ? 'stay'
            : PAYMENT_TRANSITIONS[from].includes(to)
              ? 'move'
              : 'refuse';
        expect(decidePaymentMove(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it('never goes back to waiting for the user once the bank has the payment', () => {
    for (const from of ['INITIATION_PROCESSING', 'INITIATION_COMPLETED', 'INITIATION_PENDING_REDEMPTION'] as const) {
      for (const to of AWAITING_USER_STATUSES) expect(decidePaymentMove(from, to)).toBe('refuse');
    }
  });

  it('maps every bank outcome and next step to a status of the machine', () => {
    for (const outcome of OUTCOMES)
      for (const step of STEPS) expect(PAYMENT_STATUSES).toContain(paymentStatusFor(outcome, step));
    expect(paymentStatusFor('AWAITING_AUTHORISATION', 'redirect')).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    expect(paymentStatusFor('AWAITING_AUTHORISATION', 'embedded')).toBe('INITIATION_PENDING_EMBEDDED_AUTH');
    expect(paymentStatusFor('AWAITING_AUTHORISATION', 'decoupled')).toBe('INITIATION_PENDING_DECOUPLED_AUTH');
    expect(paymentStatusFor('PENDING', 'none')).toBe('INITIATION_PROCESSING');
    expect(paymentStatusFor('COMPLETED', 'none')).toBe('INITIATION_COMPLETED');
    expect(paymentStatusFor('DECLINED', 'none')).toBe('INITIATION_DECLINED');
    expect(paymentStatusFor('REJECTED_INSUFFICIENT_FUNDS', 'none')).toBe('INITIATION_REJECTED_INSUFFICIENT_FUNDS');
  });

  it('no final status ever changes, over random sequences of bank readings and timer rules', () => {
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('bank' as const),
        outcome: fc.constantFrom(...OUTCOMES),
        step: fc.constantFrom(...STEPS),
      }),
      fc.record({
        kind: fc.constant('rule' as const),
        status: fc.constantFrom<PaymentStatus>(
          'INITIATION_EXPIRED',
          'INITIATION_NO_FINAL_STATUS_AVAILABLE',
          'INITIATION_FAILED',
          'SETTLEMENT_IN_PROGRESS',
          'SETTLEMENT_COMPLETED',
        ),
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<PaymentStatus>('INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_HP'),
        fc.array(event, { maxLength: 60 }),
        (start, events) => {
          let status = start;
          let finalSeen: PaymentStatus | undefined;
          for (const e of events) {
            const proposed = e.kind === 'bank' ? paymentStatusFor(e.outcome, e.step) : e.status;
            const decision = decidePaymentMove(status, proposed);
            if (decision === 'move') status = proposed;
            if (finalSeen !== undefined) expect(status).toBe(finalSeen);
            if (paymentStatusMachine.isFinal(status)) finalSeen ??= status;
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
