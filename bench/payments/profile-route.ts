import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { BenchChild } from '../lib/bench-child.js';
import type { ProfileSummary } from '../lib/cpu.js';
import { measure, type LoadOptions } from '../lib/measure.js';
import type { StageFigures } from '../lib/stage-times.js';
import { CPU_GROUPS, cpuBetween, type CpuSnapshot } from './cpu-accounting.js';
import { printProfile, printStages, tableStats } from './profile-printing.js';
import { CONNECTIONS } from './settings.js';

export interface ProfileContext {
  readonly api: BenchChild;
  readonly bank: BenchChild;
  readonly db: pg.Client;
  readonly log: (line?: string) => void;
  readonly cpuSnapshot: () => Promise<CpuSnapshot>;
  readonly route: string;
  readonly options: (connections: number) => LoadOptions;
  /** Also a run at 1 connection: each stage's latency without queueing. */
  readonly unloadedRun: boolean;
}

/** --profile: where a route spends its time. */
export async function profileRoute(ctx: ProfileContext): Promise<void> {
  const { api, bank, db, log, route } = ctx;
  log();
  log(`=== profile of ${route} ===`);

  if (ctx.unloadedRun) {
    await Promise.all([api.call('stages-reset'), bank.call('stages-reset')]);
    const single = await measure(`${route}, 1 connection`, ctx.options(1));
    const singleStages = [
      ...(await api.call<StageFigures[]>('stages')),
      ...(await bank.call<StageFigures[]>('stages')),
    ];
    log();
    log(
      `1 connection: ${single.requestsPerSecond} req/s, p50 ${single.p50Ms} ms, p99 ${single.p99Ms} ms, non-2xx ${single.non2xx}`,
    );
    printStages(
      log,
      'Stages at 1 connection (wall time; a stage includes the stages it calls):',
      singleStages,
      single.total,
    );
  }

  // 2. Fifty connections with CPU profiles of both processes and the rows written.
  await Promise.all([api.call('stages-reset'), bank.call('stages-reset')]);
  const statsBefore = await tableStats(db);
  await Promise.all([api.call('profile-start'), bank.call('profile-start')]);
  const before = await ctx.cpuSnapshot();
  const loaded = await measure(`${route}, ${CONNECTIONS} connections (profiled)`, ctx.options(CONNECTIONS));
  const after = await ctx.cpuSnapshot();
  const [apiProfile, bankProfile] = await Promise.all([
    api.call<ProfileSummary>('profile-stop'),
    bank.call<ProfileSummary>('profile-stop'),
  ]);
  const loadedStages = [...(await api.call<StageFigures[]>('stages')), ...(await bank.call<StageFigures[]>('stages'))];
  await sleep(1500); // Postgres publishes table statistics about once a second
  const statsAfter = await tableStats(db);

  log();
  log(
    `${CONNECTIONS} connections, profiled: ${loaded.requestsPerSecond} req/s, p50 ${loaded.p50Ms} ms, p99 ${loaded.p99Ms} ms, non-2xx ${loaded.non2xx}, errors ${loaded.errors}`,
  );
  printStages(
    log,
    `Stages at ${CONNECTIONS} connections (wall time, includes waiting for the event loop):`,
    loadedStages,
    loaded.total,
  );
  log();
  log('CPU ms per request by process:');
  const spent = cpuBetween(before, after);
  for (const group of CPU_GROUPS)
    log(`  ${((spent.get(group) ?? 0) / Math.max(1, loaded.total)).toFixed(2).padStart(6)}  ${group}`);
  printProfile(log, 'api process', apiProfile, loaded.total);
  // The sandbox bank only works on initiations; an idle profile is noise.
  if (bankProfile.busyMs > loaded.total * 0.1) printProfile(log, 'sandbox bank process', bankProfile, loaded.total);
  log();
  log(
    `Postgres per request: ${((statsAfter.commits - statsBefore.commits) / Math.max(1, loaded.total)).toFixed(2)} committed transactions (all clients, autocommit statements included); rows:`,
  );
  for (const [table, now] of statsAfter.tables) {
    const was = statsBefore.tables.get(table) ?? { ins: 0, upd: 0, del: 0 };
    const ins = (now.ins - was.ins) / Math.max(1, loaded.total);
    const upd = (now.upd - was.upd) / Math.max(1, loaded.total);
    const del = (now.del - was.del) / Math.max(1, loaded.total);
    if (ins + upd + del > 0.005)
      log(`  ${table}: ${ins.toFixed(2)} inserted, ${upd.toFixed(2)} updated, ${del.toFixed(2)} deleted`);
  }
}
