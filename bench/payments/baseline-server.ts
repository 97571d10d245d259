import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { serveParent } from '../lib/bench-child.js';
import { need } from './child-env.js';

/** The table the baseline writes and reads: a payment-like row. */
export const BASELINE_TABLE_DDL = `CREATE TABLE baseline_payment (
    id text PRIMARY KEY, member_id text NOT NULL, ref_id text NOT NULL, status text NOT NULL,
    initiation jsonb NOT NULL, amount numeric(24, 4) NOT NULL, currency char(3) NOT NULL, created_at timestamptz(3) NOT NULL)`;

/** The gateway tables whose bare SELECT by id the baseline serves. */
export const BASELINE_READ_TABLES: readonly string[] = [
  'payment',
  'refund',
  'payout',
  'transfer',
  'token',
  'vrp_consent',
  'settlement_account',
];

/**
 * The baseline role, the least a server can do: bare Fastify + pg (pool of 10), one INSERT per
 * POST and one SELECT by primary key per GET.
 */
export async function runBaseline(): Promise<void> {
  const pool = new pg.Pool({ connectionString: need('BENCH_DATABASE_URL'), max: 10 });
  const app = Fastify();
  app.post('/baseline/payments', async (request) => {
    const { initiation } = request.body as {
      initiation: { refId: string; amount: { value: string; currency: string } };
    };
    const result = await pool.query(
      'INSERT INTO baseline_payment (id, member_id, ref_id, status, initiation, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id, status, created_at',
      [
        randomUUID(),
        'm:baseline',
        initiation.refId,
        'INITIATION_PENDING',
        initiation,
        initiation.amount.value,
        initiation.amount.currency,
      ],
    );
    return { payment: result.rows[0] as unknown };
  });
  app.get('/baseline/payments/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const result = await pool.query('SELECT * FROM baseline_payment WHERE id = $1', [id]);
    if (result.rows.length === 0) return reply.code(404).send({ error: 'not found' });
    return { payment: result.rows[0] as unknown };
  });
  // The bare SELECT by primary key of one of the gateway's own tables (bench:reads compares each read by id with its table's).
  app.get('/baseline/rows/:table/:id', async (request, reply) => {
    const { table, id } = request.params as { table: string; id: string };
    if (!BASELINE_READ_TABLES.includes(table)) return reply.code(404).send({ error: 'not found' });
    const result = await pool.query(`SELECT * FROM "${table}" WHERE id = $1`, [id]);
    if (result.rows.length === 0) return reply.code(404).send({ error: 'not found' });
    return { row: result.rows[0] as unknown };
  });
  await app.listen({ port: Number(need('BENCH_PORT')), host: '127.0.0.1' });
  serveParent({}, async () => {
    await app.close();
    await pool.end();
  });
}
