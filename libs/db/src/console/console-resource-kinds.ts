/**
 * What the operations console shows of each kind of resource, as data: the table, the plain fields
 * (never a sealed value, a credential, a callback token or an account number), the resources it
 * points at (its own columns) and those pointing at it. Every SQL fragment here is a constant;
 * only ids are bound as parameters.
 */
export type ConsoleKind =
  | 'payment'
  | 'transfer'
  | 'token'
  | 'token-request'
  | 'vrp-consent'
  | 'refund'
  | 'payout'
  | 'settlement-account'
  | 'credit'
  | 'payment-link'
  | 'member'
  | 'webhook-delivery';

/** A resource this one names in a column (`kind` undefined: the console finds which kind the id is). */
export interface ParentLink {
  readonly label: string;
  readonly column: string;
  readonly kind: ConsoleKind | undefined;
}

/** Resources of another table that name this one, newest first. */
export interface ChildLinks {
  readonly label: string;
  readonly kind: ConsoleKind;
  readonly table: string;
  readonly column: string;
  readonly orderBy: string;
}

export interface ConsoleResourceKind {
  /** The page's title word: "Payment". */
  readonly label: string;
  readonly table: string;
  /** The column a refId search also matches, if the kind has one. */
  readonly refIdColumn: string | undefined;
  /** Label and SQL expression (read as text). */
  readonly fields: readonly (readonly [string, string])[];
  readonly parents: readonly ParentLink[];
  readonly children: readonly ChildLinks[];
}

const MEMBER: ParentLink = { label: 'Member', column: 'member_id', kind: 'member' };
const money = (amount: string, currency = 'currency'): string => `${amount}::text || ' ' || ${currency}`;
const time = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const CONSOLE_RESOURCE_KINDS: Readonly<Record<ConsoleKind, ConsoleResourceKind>> = {
  payment: {
    label: 'Payment',
    table: 'payment',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Amount', money('amount')],
      ['Bank', 'bank_id'],
      ['Local instrument', 'local_instrument'],
      ['Flow', 'flow_type'],
      ['Bank payment status', 'bank_payment_status'],
      ['Refund status', 'refund_status'],
      ['Refunded', money('refunded_amount')],
      ['Created', time('created_at')],
      ['Updated', time('updated_at')],
    ],
    parents: [
      MEMBER,
      { label: 'Payment link', column: 'payment_link_id', kind: 'payment-link' },
      { label: 'VRP consent', column: 'vrp_consent_id', kind: 'vrp-consent' },
      { label: 'Settlement account', column: 'virtual_account_id', kind: 'settlement-account' },
    ],
    children: [
      { label: 'Refunds', kind: 'refund', table: 'refund', column: 'original_payment_id', orderBy: 'created_at' },
      {
        label: 'Settlement credits',
        kind: 'credit',
        table: 'settlement_transaction',
        column: 'payment_id',
        orderBy: 'received_at',
      },
    ],
  },
  transfer: {
    label: 'Transfer',
    table: 'transfer',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Amount', money('amount')],
      ['Bank', 'bank_id'],
      ['Local instrument', 'local_instrument'],
      ['Bank payment status', 'bank_payment_status'],
      ['Refund status', 'refund_status'],
      ['Created', time('created_at')],
      ['Updated', time('updated_at')],
    ],
    parents: [
      MEMBER,
      { label: 'Token', column: 'token_id', kind: 'token' },
      { label: 'Token request', column: 'token_request_id', kind: 'token-request' },
      { label: 'Settlement account', column: 'virtual_account_id', kind: 'settlement-account' },
    ],
    children: [
      { label: 'Refunds', kind: 'refund', table: 'refund', column: 'original_payment_id', orderBy: 'created_at' },
      {
        label: 'Settlement credits',
        kind: 'credit',
        table: 'settlement_transaction',
        column: 'transfer_id',
        orderBy: 'received_at',
      },
    ],
  },
  token: {
    label: 'Token',
    table: 'token',
    refIdColumn: undefined,
    fields: [
      ['Kind', 'kind'],
      ['Status', 'status'],
      ['Bank', 'bank_id'],
      ['Lifetime amount', money('lifetime_amount')],
      ['Redeemed', money('redeemed_amount')],
      ['Expires', time('expires_at')],
      ['Cancelled', time('cancelled_at')],
      ['Created', time('created_at')],
    ],
    parents: [MEMBER, { label: 'Token request', column: 'token_request_id', kind: 'token-request' }],
    children: [{ label: 'Transfers', kind: 'transfer', table: 'transfer', column: 'token_id', orderBy: 'created_at' }],
  },
  'token-request': {
    label: 'Token request',
    table: 'token_request',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Kind', 'kind'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Bank', 'bank_id'],
      ['Expires', time('expires_at')],
      ['Created', time('created_at')],
    ],
    parents: [
      MEMBER,
      { label: 'Token', column: 'token_id', kind: 'token' },
      { label: 'Transfer', column: 'transfer_id', kind: 'transfer' },
    ],
    children: [],
  },
  'vrp-consent': {
    label: 'VRP consent',
    table: 'vrp_consent',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Bank', 'bank_id'],
      ['Scheme', 'scheme'],
      ['Maximum individual amount', money('maximum_individual_amount')],
      ['Bank consent status', 'bank_consent_status'],
      ['Starts', time('start_date_time')],
      ['Ends', time('end_date_time')],
      ['Created', time('created_at')],
    ],
    parents: [MEMBER],
    children: [{ label: 'VRPs', kind: 'payment', table: 'payment', column: 'vrp_consent_id', orderBy: 'created_at' }],
  },
  refund: {
    label: 'Refund',
    table: 'refund',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Amount', money('amount')],
      ['Refund of', 'original_kind'],
      ['Bank', 'bank_id'],
      ['Bank payment status', 'bank_payment_status'],
      ['Created', time('created_at')],
      ['Updated', time('updated_at')],
    ],
    parents: [MEMBER, { label: 'Refunded payment', column: 'original_payment_id', kind: undefined }],
    children: [
      {
        label: 'Settlement debits',
        kind: 'credit',
        table: 'settlement_transaction',
        column: 'refund_id',
        orderBy: 'received_at',
      },
    ],
  },
  payout: {
    label: 'Payout',
    table: 'payout',
    refIdColumn: 'ref_id',
    fields: [
      ['refId', 'ref_id'],
      ['Status', 'status'],
      ['Status reason', 'status_reason_information'],
      ['Amount', money('amount')],
      ['Description', 'description'],
      ['Provider', 'provider_id'],
      ['Bank payment status', 'bank_payment_status'],
      ['Created', time('created_at')],
      ['Updated', time('updated_at')],
    ],
    parents: [
      MEMBER,
      { label: 'Settlement account', column: 'account_id', kind: 'settlement-account' },
      { label: 'Settlement rule', column: 'settlement_rule_id', kind: undefined },
    ],
    children: [
      {
        label: 'Settlement debits',
        kind: 'credit',
        table: 'settlement_transaction',
        column: 'payout_id',
        orderBy: 'received_at',
      },
    ],
  },
  'settlement-account': {
    label: 'Settlement account',
    table: 'settlement_account',
    refIdColumn: undefined,
    fields: [
      ['Status', 'status'],
      ['Provider', 'provider_id'],
      ['Nickname', 'account_nick_name'],
      ['Country', 'country'],
      ['Booked balance', money('booked_balance')],
      ['Available balance', money('available_balance')],
      ['Cleared balance', money('cleared_balance')],
      ['Credits read', time('credits_read_at')],
      ['Created', time('created_at')],
    ],
    parents: [MEMBER],
    children: [
      {
        label: 'Credits and debits',
        kind: 'credit',
        table: 'settlement_transaction',
        column: 'account_id',
        orderBy: 'received_at',
      },
      { label: 'Payouts', kind: 'payout', table: 'payout', column: 'account_id', orderBy: 'created_at' },
      { label: 'Payments', kind: 'payment', table: 'payment', column: 'virtual_account_id', orderBy: 'created_at' },
    ],
  },
  credit: {
    label: 'Settlement transaction',
    table: 'settlement_transaction',
    refIdColumn: 'ref_id',
    fields: [
      ['Type', 'transaction_type'],
      ['Amount', money('amount')],
      ['refId', 'ref_id'],
      ['Description', 'description'],
      ['Reconciliation', 'reconciliation_state'],
      ['Match reference', 'match_reference'],
      ['Provider payment id', 'provider_payment_id'],
      ['Booked', time('created_date_time')],
      ['Received', time('received_at')],
      ['Reconciled', time('reconciled_at')],
    ],
    parents: [
      MEMBER,
      { label: 'Settlement account', column: 'account_id', kind: 'settlement-account' },
      { label: 'Payment', column: 'payment_id', kind: 'payment' },
      { label: 'Transfer', column: 'transfer_id', kind: 'transfer' },
      { label: 'Payout', column: 'payout_id', kind: 'payout' },
      { label: 'Refund', column: 'refund_id', kind: 'refund' },
    ],
    children: [],
  },
  'payment-link': {
    label: 'Payment link',
    table: 'payment_link',
    refIdColumn: undefined,
    fields: [
      ['Status', 'status'],
      ['Amount', money('amount')],
      ['Payments allowed', 'max_usage_count::text'],
      ['Payments made', 'used_count::text'],
      ['Paid', money('used_amount')],
      ['Expires', time('expires_at')],
      ['Created', time('created_at')],
    ],
    parents: [MEMBER],
    children: [
      { label: 'Payments', kind: 'payment', table: 'payment', column: 'payment_link_id', orderBy: 'created_at' },
    ],
  },
  member: {
    label: 'Member',
    table: 'member',
    refIdColumn: undefined,
    fields: [
      ['Name', 'name'],
      ['Status', 'status::text'],
      ['Regulated', 'regulated::text'],
      ['Reseller', 'reseller::text'],
      ['Created', time('created_date_time')],
    ],
    parents: [],
    children: [{ label: 'Payments', kind: 'payment', table: 'payment', column: 'member_id', orderBy: 'created_at' }],
  },
  'webhook-delivery': {
    label: 'Webhook delivery',
    table: 'webhook_delivery',
    refIdColumn: 'event_id',
    fields: [
      ['Event', 'event_id'],
      ['Event type', 'event_type'],
      ['Status', 'status::text'],
      ['Round', 'round::text'],
      ['Attempts this round', 'attempt_count::text'],
      ['Last answer', 'last_status_code::text'],
      ['Last error', 'last_error'],
      ['Next attempt', time('next_attempt_at')],
      ['Delivered', time('delivered_at')],
      ['Gave up', time('dead_at')],
      ['Created', time('created_at')],
    ],
    parents: [MEMBER],
    children: [],
  },
};

export const CONSOLE_KINDS = Object.keys(CONSOLE_RESOURCE_KINDS) as ConsoleKind[];

export function isConsoleKind(value: string): value is ConsoleKind {
  return Object.hasOwn(CONSOLE_RESOURCE_KINDS, value);
}
