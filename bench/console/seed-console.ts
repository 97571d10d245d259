import type pg from 'pg';
import { BANK_ID } from '../payments/settings.js';

/** What the console bench reads: some payments' ids and refIds. */
export interface ConsoleSeed {
  readonly paymentIds: readonly string[];
  readonly refIds: readonly string[];
}

/**
 * `count` payments of the member spread over the last 24 hours in every kind of status, two status
 * changes each (outbox events: their trigger appends the status history), a webhook delivery per
 * event and an attempt per delivery (one in twenty failed). Straight into the tables.
 */
export async function seedConsole(db: pg.Client, memberName: string, count: number): Promise<ConsoleSeed> {
  const member = await db.query<{ id: string }>('SELECT id FROM member WHERE name = $1', [memberName]);
  const memberId = member.rows[0]?.id;
  if (memberId === undefined) throw new Error(`no member named ${memberName}`);
  await db.query(
    `INSERT INTO payment (id, member_id, bank_id, ref_id, status, initiation, amount, currency, local_instrument,
       callback_token, nonce, poll_until, created_at, updated_at)
     SELECT 'pm2:console-' || n, $1, $2, 'console-ref-' || n,
       (ARRAY['INITIATION_COMPLETED', 'INITIATION_PENDING_REDIRECT_AUTH', 'INITIATION_REJECTED',
              'SETTLEMENT_COMPLETED', 'INITIATION_NO_FINAL_STATUS_AVAILABLE'])[1 + n % 5],
       jsonb_build_object('refId', 'console-ref-' || n, 'amount', jsonb_build_object('value', '10.50', 'currency', 'GBP')),
       10.50, 'GBP', 'FASTER_PAYMENTS', 'console-callback-' || n, 'nonce', now() + interval '30 days',
       now() - (n % 86400) * interval '1 second', now()
     FROM generate_series(1, $3::int) AS n`,
    [memberId, BANK_ID, count],
  );
  for (const [step, status] of [
    [1, 'INITIATION_PENDING'],
    [2, 'INITIATION_PENDING_REDIRECT_AUTH'],
  ] as const) {
    await db.query(
      `INSERT INTO outbox_event (id, member_id, event_type, body, created_at, relayed_at)
       SELECT 'ev:console-' || $3::int || '-' || n, $1, 'PAYMENT_STATUS_CHANGED',
         jsonb_build_object('id', 'ev:console-' || $3::int || '-' || n, 'payment',
           jsonb_build_object('id', 'pm2:console-' || n, 'status', $4::text))::text,
         now() - (n % 86400) * interval '1 second' + $3::int * interval '1 millisecond', now()
       FROM generate_series(1, $2::int) AS n`,
      [memberId, count, step, status],
    );
  }
  await db.query(
    `INSERT INTO webhook_delivery (id, event_id, member_id, event_type, body, status, attempt_count, round,
       first_attempt_at, last_attempt_at, last_status_code, delivered_at, created_at)
     SELECT 'wd:console-' || e.id, e.id, e.member_id, e.event_type, e.body, 'DELIVERED', 1, 0,
       e.created_at, e.created_at, 200, e.created_at, e.created_at
     FROM outbox_event e WHERE e.id LIKE 'ev:console-%'`,
  );
  await db.query(
    `INSERT INTO webhook_attempt (delivery_id, round, attempt_no, attempted_at, url, status_code, latency_ms)
     SELECT d.id, 0, 1, d.created_at, 'https://tpp.example/webhooks',
       CASE WHEN abs(hashtext(d.id)) % 20 = 0 THEN 500 ELSE 200 END, 40
     FROM webhook_delivery d WHERE d.id LIKE 'wd:console-%'`,
  );
  await db.query('ANALYZE');
  const sample = Array.from({ length: 20 }, (_, index) => 1 + Math.floor(((index + 0.5) * count) / 20));
  return {
    paymentIds: sample.map((n) => `pm2:console-${n}`),
    refIds: sample.map((n) => `console-ref-${n}`),
  };
}
