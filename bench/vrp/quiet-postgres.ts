import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Waits until no other session of the bench's database is running a statement or holding a
 * transaction open, five looks in a row 100 ms apart: autocannon stops sending when a slice ends,
 * but the servers go on with the requests it had sent (under one consent they queue for its
 * lock), and those must not run into the next slice. Answers the time it took, in ms.
 */
export async function untilPostgresQuiet(db: pg.Client, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  let quietLooks = 0;
  while (quietLooks < 5) {
    const busy = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND backend_type = 'client backend' AND state <> 'idle'`,
    );
    quietLooks = (busy.rows[0]?.n ?? 0) === 0 ? quietLooks + 1 : 0;
    if (performance.now() - started > timeoutMs) throw new Error(`Postgres still busy after ${timeoutMs} ms`);
    await sleep(100);
  }
  return performance.now() - started - 500;
}
