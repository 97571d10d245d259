import { describe, expect, it } from 'vitest';
import { notificationBody } from '../outbox/notification-body.js';
import {
  EVENT_TYPES,
  PAYLOAD_KEY,
  TEST_EVENT_TYPE,
  isEventType,
  isSubscribed,
  tokenEventHeader,
} from './event-types.js';

describe('event catalogue', () => {
  it("has the interface's ten subscribable types", () => {
    expect(EVENT_TYPES).toEqual([
      'PAYMENT_STATUS_CHANGED',
      'TRANSFER_STATUS_CHANGED',
      'REFUND_STATUS_CHANGED',
      'VRP_STATUS_CHANGED',
      'VRP_CONSENT_STATUS_CHANGED',
      'VIRTUAL_ACCOUNT_CREDIT_RECEIVED',
      'PAYOUT_STATUS_CHANGED',
      'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
      'BANK_AIS_OUTAGE_STATUS_CHANGED',
      'BANK_SIP_OUTAGE_STATUS_CHANGED',
    ]);
    expect(isEventType('INVALID')).toBe(false);
    expect(isEventType('STANDING_ORDER_STATUS_CHANGED')).toBe(false);
    expect(isEventType(TEST_EVENT_TYPE)).toBe(false);
  });

  it('names each payload exactly as the interface does (typos included)', () => {
    expect(PAYLOAD_KEY).toEqual({
      PAYMENT_STATUS_CHANGED: 'payment',
      TRANSFER_STATUS_CHANGED: 'transferStatusChanged',
      REFUND_STATUS_CHANGED: 'refundStatusChanged',
      VRP_STATUS_CHANGED: 'vrpStatusChanged',
      VRP_CONSENT_STATUS_CHANGED: 'vrpConsentStatusChanged',
      VIRTUAL_ACCOUNT_CREDIT_RECEIVED: 'virtualAccountCreditReceived',
      PAYOUT_STATUS_CHANGED: 'payoutStatusChanged',
      SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED: 'settlemenRulePayoutExecutionFailed',
      BANK_AIS_OUTAGE_STATUS_CHANGED: 'bankOutageStatusChanged',
      BANK_SIP_OUTAGE_STATUS_CHANGED: 'bankOutageStatusChanged',
      WEBHOOK_TEST: 'webhookTest',
    });
  });

  it("posts both outage types with the token-event of the interface's sample, the others as themselves", () => {
    expect(tokenEventHeader('BANK_AIS_OUTAGE_STATUS_CHANGED')).toBe('BANK_OUTAGE_STATUS_CHANGED');
    expect(tokenEventHeader('BANK_SIP_OUTAGE_STATUS_CHANGED')).toBe('BANK_OUTAGE_STATUS_CHANGED');
    expect(tokenEventHeader('PAYOUT_STATUS_CHANGED')).toBe('PAYOUT_STATUS_CHANGED');
  });

  it('delivers subscribed types, and test events to every configuration', () => {
    expect(isSubscribed('REFUND_STATUS_CHANGED', ['REFUND_STATUS_CHANGED'])).toBe(true);
    expect(isSubscribed('PAYOUT_STATUS_CHANGED', ['REFUND_STATUS_CHANGED'])).toBe(false);
    expect(isSubscribed(TEST_EVENT_TYPE, [])).toBe(true);
  });
});

describe('notificationBody', () => {
  it('is { id, createdAtMs, <payload key> } and adds eventType for Payments v2 only', () => {
    const payout = JSON.parse(
      notificationBody({
        id: 'ev:1',
        type: 'PAYOUT_STATUS_CHANGED',
        createdAtMs: 5,
        payload: { payoutId: 'po:1', refId: 'r', status: 'SUCCESS', memberId: 'm:1' },
      }),
    ) as Record<string, unknown>;
    expect(Object.keys(payout)).toEqual(['id', 'createdAtMs', 'payoutStatusChanged']);
    const payment = JSON.parse(
      notificationBody({ id: 'ev:2', type: 'PAYMENT_STATUS_CHANGED', createdAtMs: 6, payload: { id: 'pm2:1' } }),
    ) as Record<string, unknown>;
    expect(payment).toEqual({
      id: 'ev:2',
      createdAtMs: 6,
      eventType: 'PAYMENT_STATUS_CHANGED',
      payment: { id: 'pm2:1' },
    });
    const failed = JSON.parse(
      notificationBody({
        id: 'ev:3',
        type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
        createdAtMs: 7,
        payload: { payerAccountId: 'a', settlementRuleId: 's', reasonOfFailure: 'x' },
      }),
    ) as Record<string, unknown>;
    expect(failed['settlemenRulePayoutExecutionFailed']).toEqual({
      payerAccountId: 'a',
      settlementRuleId: 's',
      reasonOfFailure: 'x',
    });
  });

  it('refuses a createdAtMs that is not an integer', () => {
    expect(() =>
      notificationBody({
        id: 'ev:1',
        type: 'WEBHOOK_TEST',
        createdAtMs: 1.5,
        payload: { memberId: 'm', message: 'x' },
      }),
    ).toThrow(/integer/);
  });
});
