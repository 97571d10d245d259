import type pg from 'pg';
import type { ProfileSummary } from '../lib/cpu.js';
import type { StageFigures } from '../lib/stage-times.js';

export type TableStats = Map<string, { ins: number; upd: number; del: number }>;

/** Rows inserted, updated and deleted per table, and the committed transactions, so far. */
export async function tableStats(db: pg.Client): Promise<{ tables: TableStats; commits: number }> {
  const tables = await db.query<{ relname: string; ins: string; upd: string; del: string }>(
    'SELECT relname, n_tup_ins::text AS ins, n_tup_upd::text AS upd, n_tup_del::text AS del FROM pg_stat_user_tables',
  );
  const database = await db.query<{ commits: string }>(
    'SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()',
  );
  return {
    tables: new Map(
      tables.rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }]),
    ),
    commits: Number(database.rows[0]?.commits ?? 0),
  };
}

export function printStages(
  log: (line?: string) => void,
  title: string,
  stages: readonly StageFigures[],
  requests: number,
): void {
  log();
  log(title);
  log();
  log('| stage | calls per request | mean ms | p50 ms | p99 ms |');
  log('|---|---|---|---|---|');
  for (const s of [...stages].sort((a, b) => b.meanMs * b.calls - a.meanMs * a.calls)) {
    log(`| ${s.stage} | ${(s.calls / Math.max(1, requests)).toFixed(2)} | ${s.meanMs} | ${s.p50Ms} | ${s.p99Ms} |`);
  }
}

export function printProfile(
  log: (line?: string) => void,
  name: string,
  summary: ProfileSummary,
  requests: number,
): void {
  const perRequest = (ms: number): string => `${((ms / Math.max(1, requests)) * 1000).toFixed(0)} us/req`;
  log();
  log(`CPU profile of the ${name}: ${summary.busyMs} ms busy = ${perRequest(summary.busyMs)}`);
  log('  self time by area:');
  for (const area of summary.byArea.slice(0, 16))
    log(
      `    ${((area.ms / Math.max(1, summary.busyMs)) * 100).toFixed(1).padStart(5)}%  ${perRequest(area.ms).padStart(12)}  ${area.area}`,
    );
  log('  functions with the most self time:');
  for (const fn of summary.topSelf.slice(0, 15)) log(`    ${perRequest(fn.ms).padStart(12)}  ${fn.fn}`);
  log('  project functions, inclusive of the synchronous work they call:');
  for (const fn of summary.topProjectInclusive.slice(0, 15)) log(`    ${perRequest(fn.ms).padStart(12)}  ${fn.fn}`);
}
