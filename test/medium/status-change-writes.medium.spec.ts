import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../support/test-env.js';

/**
 * What a status change costs Postgres beyond its own rows, against the migrated schema: the
 * payment's row written again without index entries (heap-only) when the change touches no
 * indexed column, and the status history appended with one index entry, only for status events.
 */
const MEMBER = 'm:status-change-writes';

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: await freshDatabaseUrl() });
  await db.connect();
  await db.query(`INSERT INTO member (id, name, updated_date_time) VALUES ($1, $1, now())`, [MEMBER]);
});

afterAll(async () => {
  await db.end();
});

/** This session's table counters, flushed now (they are otherwise flushed about once a second). */
async function tableCounters(table: string): Promise<{ updates: number; heapOnly: number }> {
  await db.query('SELECT pg_stat_force_next_flush()');
  await db.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ updates: number; heap_only: number }>(
    `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS heap_only FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return { updates: rows[0]?.updates ?? 0, heapOnly: rows[0]?.heap_only ?? 0 };
}

function statusEvent(id: string, paymentId: string, status: string, reason?: string): unknown[] {
  const body = JSON.stringify({
    id,
    type: 'PAYMENT_STATUS_CHANGED',
    payment: { id: paymentId, status, ...(reason === undefined ? {} : { statusReasonInformation: reason }) },
  });
  return [id, MEMBER, 'PAYMENT_STATUS_CHANGED', body];
}

async function insertEvents(events: readonly unknown[][]): Promise<void> {
  const values = events.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}, now())`);
  await db.query(
    `INSERT INTO outbox_event (id, member_id, event_type, body, created_at) VALUES ${values.join(', ')}`,
    events.flat(),
  );
}

describe('Postgres work of a status change (migrated schema, real Postgres)', () => {
  it("keeps a payment's later writes on its page: pages filled by inserts leave room, so an update of unindexed columns is heap-only", async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `pm2:hot-${String(i).padStart(4, '0')}`);
    // Stored as the request path stores them: many rows at once, before any is answered.
    await db.query(
      `INSERT INTO payment (id, member_id, ref_id, status, initiation, amount, currency, local_instrument,
         callback_token, nonce, poll_until, created_at, updated_at)
       SELECT id, $2, 'ref-' || id, 'INITIATION_PENDING', '{"refId":"r","remittanceInformationPrimary":"Order"}'::jsonb,
         10.00, 'GBP', 'FASTER_PAYMENTS', 'cb-' || id, 'nonce', now(), now(), now()
       FROM unnest($1::text[]) AS id`,
      [ids, MEMBER],
    );
    // The bank's answer to one payment in four, one at a time: status, bank fields, version,
    // updated_at. That many new versions fit in the room the fillfactor leaves on each page, so
    // every update stays on its page without pruning the versions before it (which a concurrent
    // snapshot in this database, an autovacuum's ANALYZE, can hold back).
    const answered = ids.filter((_, i) => i % 4 === 0);
    const before = await tableCounters('payment');
    for (const id of answered) {
      await db.query(
        `UPDATE payment SET status = 'INITIATION_PENDING_REDIRECT_AUTH', bank_consent_id = 'consent-' || id,
           bank_payment_status = 'AwaitingAuthorisation', version = version + 1, updated_at = now()
         WHERE id = $1`,
        [id],
      );
    }
    const after = await tableCounters('payment');
    expect(after.updates - before.updates).toBe(answered.length);
    expect(after.heapOnly - before.heapOnly).toBe(answered.length);
  });

  it('appends one history row per status event, in the order of the statement, with one index entry each', async () => {
    await insertEvents([
      statusEvent('ev-order-1', 'pm2:order', 'INITIATION_PENDING'),
      statusEvent('ev-order-2', 'pm2:order', 'INITIATION_REJECTED', 'Refused by the bank'),
      statusEvent('ev-order-3', 'pm2:order-other', 'INITIATION_COMPLETED'),
    ]);
    const { rows } = await db.query<{ event_id: string; resource_type: string; status: string; reason: string | null }>(
      `SELECT event_id, resource_type, status, reason FROM status_history WHERE resource_id = 'pm2:order' ORDER BY seq`,
    );
    expect(rows).toEqual([
      { event_id: 'ev-order-1', resource_type: 'PAYMENT', status: 'INITIATION_PENDING', reason: null },
      {
        event_id: 'ev-order-2',
        resource_type: 'PAYMENT',
        status: 'INITIATION_REJECTED',
        reason: 'Refused by the bank',
      },
    ]);
    const indexes = await db.query<{ definition: string }>(
      `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = 'status_history'::regclass`,
    );
    expect(indexes.rows.map((row) => row.definition)).toEqual([
      expect.stringMatching(/USING btree \(resource_id, seq\)$/),
    ]);
  });

  it('runs no history code for events that are not status changes, and keeps no row of an event whose insert failed', async () => {
    await db.query(`SET track_functions = 'pl'`);
    await db.query('BEGIN');
    try {
      await db.query(
        `INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
         VALUES ('ev-other-1', $1, 'TOKEN_REQUEST_STATUS_CHANGED', '{"tokenRequest":{"id":"rq:1","status":"PROCESSED"}}', now())`,
        [MEMBER],
      );
      const calls = await db.query<{ calls: number }>(
        `SELECT coalesce(sum(calls), 0)::int AS calls FROM pg_stat_xact_user_functions WHERE funcname = 'status_history_record'`,
      );
      expect(calls.rows[0]?.calls).toBe(0);
    } finally {
      await db.query('ROLLBACK');
    }

    await insertEvents([statusEvent('ev-dup', 'pm2:dup', 'INITIATION_PENDING')]);
    await expect(
      insertEvents([
        statusEvent('ev-dup-2', 'pm2:dup', 'INITIATION_COMPLETED'),
        statusEvent('ev-dup', 'pm2:dup', 'INITIATION_FAILED'),
      ]),
    ).rejects.toThrow(/duplicate key/);
    const { rows } = await db.query<{ event_id: string; status: string }>(
      `SELECT event_id, status FROM status_history WHERE resource_id = 'pm2:dup' ORDER BY seq`,
    );
    expect(rows).toEqual([{ event_id: 'ev-dup', status: 'INITIATION_PENDING' }]);
  });
});
