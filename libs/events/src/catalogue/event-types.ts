/**
 * The interface's Events table as data: the ten event types a member may subscribe to, the
 * body key that carries each one's payload (spelled exactly as the interface spells it, typos
 * included), and the `token-event` header value each is posted with.
 */
export const EVENT_TYPES = [
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
] as const;

/** An event type a member can put in `config.type`. */
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Not subscribable: the operator's "send a test event" (admin API). It is delivered to the
 * member's configured URL whatever types the member subscribed to.
 */
export const TEST_EVENT_TYPE = 'WEBHOOK_TEST';
export type TestEventType = typeof TEST_EVENT_TYPE;

/** Every type an outbox row may carry. */
export type OutboxEventType = EventType | TestEventType;

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

export function isOutboxEventType(value: unknown): value is OutboxEventType {
  return value === TEST_EVENT_TYPE || isEventType(value);
}

/** The body key of each type's payload object. */
export const PAYLOAD_KEY = {
  PAYMENT_STATUS_CHANGED: 'payment',
  TRANSFER_STATUS_CHANGED: 'transferStatusChanged',
  REFUND_STATUS_CHANGED: 'refundStatusChanged',
  VRP_STATUS_CHANGED: 'vrpStatusChanged',
  VRP_CONSENT_STATUS_CHANGED: 'vrpConsentStatusChanged',
  VIRTUAL_ACCOUNT_CREDIT_RECEIVED: 'virtualAccountCreditReceived',
  PAYOUT_STATUS_CHANGED: 'payoutStatusChanged',
  // Spelled so in the interface.
  SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED: 'settlemenRulePayoutExecutionFailed',
  BANK_AIS_OUTAGE_STATUS_CHANGED: 'bankOutageStatusChanged',
  BANK_SIP_OUTAGE_STATUS_CHANGED: 'bankOutageStatusChanged',
  WEBHOOK_TEST: 'webhookTest',
} as const satisfies Readonly<Record<OutboxEventType, string>>;

export type PayloadKey<T extends OutboxEventType> = (typeof PAYLOAD_KEY)[T];

/**
 * The `token-event` header of each type. The interface's outage sample carries
 * BANK_OUTAGE_STATUS_CHANGED for both outage subscriptions, so receivers written against it
 * keep working; the payload says which bank service changed.
 */
export function tokenEventHeader(type: OutboxEventType): string {
  switch (type) {
    case 'BANK_AIS_OUTAGE_STATUS_CHANGED':
    case 'BANK_SIP_OUTAGE_STATUS_CHANGED':
      return 'BANK_OUTAGE_STATUS_CHANGED';
    case 'PAYMENT_STATUS_CHANGED':
    case 'TRANSFER_STATUS_CHANGED':
    case 'REFUND_STATUS_CHANGED':
    case 'VRP_STATUS_CHANGED':
    case 'VRP_CONSENT_STATUS_CHANGED':
    case 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED':
    case 'PAYOUT_STATUS_CHANGED':
    case 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED':
    case 'WEBHOOK_TEST':
      return type;
  }
}

/** Whether an event of `type` goes to a member subscribed to `subscribed`. */
export function isSubscribed(type: OutboxEventType, subscribed: readonly string[]): boolean {
  return type === TEST_EVENT_TYPE || subscribed.includes(type);
}
