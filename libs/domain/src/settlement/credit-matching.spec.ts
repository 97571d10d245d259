import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, paymentStatusMachine, type PaymentStatus } from '../payments/payment-status.js';
import {
  decideCredit,
  manualMatchRefusal,
  sameMoney,
  settlementMoves,
  type ManualCredit,
  type ManualPayment,
  type SettlementCandidate,
} from './credit-matching.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));
const payment = (id: string, status: PaymentStatus, amount = '10.00', minute = 0): SettlementCandidate => ({
  id,
  status,
  amount,
  currency: 'EUR',
  createdAt: at(minute),
});
const credit = (amount = '10.00', currency = 'EUR') => ({ amount, currency });

describe('sameMoney', () => {
  it('compares decimal strings by value and currency', () => {
    expect(sameMoney(credit('10'), credit('10.0000'))).toBe(true);
    expect(sameMoney(credit('10.01'), credit('10.00'))).toBe(false);
    expect(sameMoney(credit('10', 'EUR'), credit('10', 'GBP'))).toBe(false);
  });
});

describe('settlementMoves', () => {
  it('follows the payment status machine from every status', () => {
    for (const from of PAYMENT_STATUSES)
      for (const to of ['SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE'] as const) {
        const moves = settlementMoves(from, to);
        if (from === 'SETTLEMENT_IN_PROGRESS') expect(moves).toEqual([to]);
        else if (from === 'INITIATION_COMPLETED') expect(moves).toEqual(['SETTLEMENT_IN_PROGRESS', to]);
        else expect(moves).toBeNull();
        let status: PaymentStatus = from;
        for (const next of moves ?? []) {
          expect(paymentStatusMachine.canMove(status, next)).toBe(true);
          status = next;
        }
      }
  });
});

describe('decideCredit', () => {
  it('settles the payment awaiting settlement with the same amount, the oldest first', () => {
    const decision = decideCredit(credit(), [
      payment('b', 'SETTLEMENT_IN_PROGRESS', '10.00', 2),
      payment('a', 'SETTLEMENT_IN_PROGRESS', '10.00', 1),
    ]);
    expect(decision).toEqual({ kind: 'settle', paymentId: 'a', moves: ['SETTLEMENT_COMPLETED'], withLinked: [] });
  });

  it('settles a payment still at INITIATION_COMPLETED through SETTLEMENT_IN_PROGRESS', () => {
    expect(decideCredit(credit(), [payment('a', 'INITIATION_COMPLETED')])).toEqual({
      kind: 'settle',
      paymentId: 'a',
      moves: ['SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED'],
      withLinked: [],
    });
  });

  it('prefers the exact amount over an older payment with another amount', () => {
    const decision = decideCredit(credit('25.00'), [
      payment('old', 'SETTLEMENT_IN_PROGRESS', '10.00', 0),
      payment('new', 'SETTLEMENT_IN_PROGRESS', '25.00', 5),
    ]);
    expect(decision).toMatchObject({ kind: 'settle', paymentId: 'new' });
  });

  it('books a credit of another amount against the payment, which stays in progress', () => {
    expect(decideCredit(credit('0.01'), [payment('a', 'SETTLEMENT_IN_PROGRESS', '10.00')])).toEqual({
      kind: 'link',
      paymentId: 'a',
      moves: [],
    });
    expect(decideCredit(credit('0.01'), [payment('a', 'INITIATION_COMPLETED', '10.00')])).toEqual({
      kind: 'link',
      paymentId: 'a',
      moves: ['SETTLEMENT_IN_PROGRESS'],
    });
  });

  it('treats another currency as another amount', () => {
    expect(decideCredit(credit('10.00', 'GBP'), [payment('a', 'SETTLEMENT_IN_PROGRESS')])).toMatchObject({
      kind: 'link',
      paymentId: 'a',
    });
  });

  it('settles with the credits booked before when together they make the amount', () => {
    const linked = [{ id: 'c1', amount: '4.00', currency: 'EUR' }];
    expect(decideCredit(credit('6.00'), [{ ...payment('a', 'SETTLEMENT_IN_PROGRESS', '10.00'), linked }])).toEqual({
      kind: 'settle',
      paymentId: 'a',
      moves: ['SETTLEMENT_COMPLETED'],
      withLinked: ['c1'],
    });
  });

  it('waits while a payment with the reference is not yet at the bank\u2019s final status', () => {
    for (const status of ['INITIATION_PROCESSING', 'INITIATION_PENDING', 'INITIATION_PENDING_REDIRECT_AUTH'] as const)
      expect(decideCredit(credit(), [payment('a', status)])).toEqual({ kind: 'defer' });
    expect(
      decideCredit(credit('5.00'), [payment('a', 'SETTLEMENT_IN_PROGRESS'), payment('b', 'INITIATION_PROCESSING')]),
    ).toEqual({ kind: 'defer' });
  });

  it('leaves the credit unmatched without a payment, or with final payments only', () => {
    expect(decideCredit(credit(), [])).toEqual({ kind: 'unmatched' });
    for (const status of PAYMENT_STATUSES.filter((s) => paymentStatusMachine.isFinal(s)))
      expect(decideCredit(credit(), [payment('a', status)])).toEqual({ kind: 'unmatched' });
  });
});

describe('manualMatchRefusal', () => {
  const aCredit: ManualCredit = {
    id: 'st:1',
    memberId: 'm1',
    accountId: 'pa:1',
    transactionType: 'CREDIT',
    reconciliationState: 'UNMATCHED',
    paymentId: null,
    transferId: null,
    amount: '10.00',
    currency: 'EUR',
  };
  const aPayment: ManualPayment = {
    ...payment('pm2:1', 'SETTLEMENT_IN_PROGRESS'),
    memberId: 'm1',
    virtualAccountId: 'pa:1',
  };

  it('allows an unlinked credit of the payment\u2019s member, account and currency', () => {
    expect(manualMatchRefusal(aCredit, aPayment)).toBeUndefined();
    expect(manualMatchRefusal({ ...aCredit, reconciliationState: 'PENDING' }, aPayment)).toBeUndefined();
    expect(manualMatchRefusal(aCredit, { ...aPayment, status: 'INITIATION_COMPLETED' })).toBeUndefined();
  });

  it.each([
    ['NOT_A_CREDIT', { transactionType: 'DEBIT' }, {}],
    ['OTHER_MEMBER', { memberId: 'm2' }, {}],
    ['OTHER_ACCOUNT', {}, { virtualAccountId: 'pa:2' }],
    ['CURRENCY_MISMATCH', { currency: 'GBP' }, {}],
    ['CREDIT_RECONCILED', { paymentId: 'pm2:0', reconciliationState: 'MATCHED' }, {}],
    ['CREDIT_RECONCILED', { reconciliationState: 'MISMATCHED' }, {}],
    ['CREDIT_RECONCILED', { transferId: 'tr:0' }, {}],
    ['PAYMENT_NOT_AWAITING', {}, { status: 'SETTLEMENT_INCOMPLETE' }],
    ['PAYMENT_NOT_AWAITING', {}, { status: 'SETTLEMENT_COMPLETED' }],
    ['PAYMENT_NOT_AWAITING', {}, { status: 'INITIATION_PROCESSING' }],
  ] as const)('refuses %s', (code, creditChange, paymentChange) => {
    expect(manualMatchRefusal({ ...aCredit, ...creditChange }, { ...aPayment, ...paymentChange })?.code).toBe(code);
  });

  it('names a transfer as a transfer', () => {
    const transfer: ManualPayment = {
      ...aPayment,
      id: 'tr:1',
      noun: 'transfer',
      status: 'INITIATION_REJECTED',
      ownStatus: 'FAILURE_DECLINED',
    };
    expect(manualMatchRefusal(aCredit, transfer)?.message).toBe(
      'Transfer tr:1 is FAILURE_DECLINED; only a transfer awaiting settlement can be matched.',
    );
    expect(manualMatchRefusal(aCredit, { ...transfer, virtualAccountId: 'pa:2' })?.message).toBe(
      'Transfer tr:1 does not pay settlement account pa:1.',
    );
  });
});
