import { availableParallelism } from 'node:os';
import { median } from '../lib/measure.js';
import { CPU_GROUPS } from './cpu-accounting.js';
import { CONNECTIONS, TARGETS } from './settings.js';
import type { Run, SlicedRuns } from './sliced-runs.js';

/**
 * The headline tables: req/s and latencies with the ratios to the baselines and their targets,
 * CPU per request by process, and loud warnings for a noisy machine or failed requests (which
 * also make the bench exit non-zero).
 */
export function printHeadline(
  measured: SlicedRuns,
  setup: { readonly seconds: number; readonly rounds: number; readonly apiWorkers: number },
  log: (line?: string) => void,
  title = 'Payments v2',
  targets: { readonly initiationRatio: number; readonly initiationP99Ms: number; readonly getRatio: number } = TARGETS,
): void {
  const { baselineInsert, initiation, baselineSelect, lookup, roundRatios } = measured;
  const { seconds, rounds, apiWorkers } = setup;
  const runs = [baselineInsert, initiation, baselineSelect, lookup];
  const initiationRatio = initiation.figures.requestsPerSecond / baselineInsert.figures.requestsPerSecond;
  const getRatio = lookup.figures.requestsPerSecond / baselineSelect.figures.requestsPerSecond;
  // A stall in one slice (the baseline INSERT, committing row by row, drops to a third of its
  // rate for a slice now and then) moves the pooled ratio; the median of the rounds does not.
  // A target counts as met only when both say so.
  const initiationMedian = median(roundRatios.map((r) => r.initiation));
  const getMedian = median(roundRatios.map((r) => r.get));
  const initiationMet =
    Math.min(initiationRatio, initiationMedian) >= targets.initiationRatio &&
    initiation.figures.p99Ms <= targets.initiationP99Ms;
  const getMet = Math.min(getRatio, getMedian) >= targets.getRatio;
  const row = (r: Run, ratio: string, target: string): string =>
    `| ${r.figures.name} | ${r.figures.requestsPerSecond.toLocaleString('en-GB')} | ${r.figures.p50Ms} | ${r.figures.p99Ms} | ${r.figures.p999Ms} | ${r.figures.non2xx + r.figures.errors} | ${ratio} | ${target} |`;
  log();
  log(
    `${title} at ${CONNECTIONS} connections, ${seconds} s per run in ${rounds} slices taken in turns, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'} (${availableParallelism()} cores shared by autocannon, api, sandbox bank, Postgres and Redis)`,
  );
  log();
  log('| run | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx + errors | ratio | target |');
  log('|---|---|---|---|---|---|---|---|');
  log(row(baselineInsert, '1.00x', ''));
  log(
    row(
      initiation,
      `${initiationRatio.toFixed(2)}x of INSERT (rounds: median ${initiationMedian.toFixed(2)}x)`,
      `>= ${targets.initiationRatio}x, p99 <= ${targets.initiationP99Ms} ms: ${initiationMet ? 'met' : 'NOT MET'}`,
    ),
  );
  log(row(baselineSelect, '1.00x', ''));
  log(
    row(
      lookup,
      `${getRatio.toFixed(2)}x of SELECT (rounds: median ${getMedian.toFixed(2)}x)`,
      `>= ${targets.getRatio}x: ${getMet ? 'met' : 'NOT MET'}`,
    ),
  );
  log();
  log('CPU ms per request, by process (machine busy = share of all cores during the run):');
  log();
  log(`| run | ${CPU_GROUPS.join(' | ')} | machine busy |`);
  log(`|---|${CPU_GROUPS.map(() => '---|').join('')}---|`);
  for (const r of runs) {
    log(
      `| ${r.figures.name} | ${CPU_GROUPS.map((group) => (r.cpuPerRequest.get(group) ?? 0).toFixed(2)).join(' | ')} | ${Math.round(r.machineBusy * 100)}% |`,
    );
  }
  printWarnings(runs, log);
}

function printWarnings(runs: readonly Run[], log: (line?: string) => void): void {
  const noisy = runs.filter((r) => r.othersShare > 0.1);
  if (noisy.length > 0) {
    log();
    log(
      `!!! NOISY MACHINE: other processes used ${noisy.map((r) => `${Math.round(r.othersShare * 100)}% (${r.figures.name})`).join(', ')} of the cores during these runs; the figures understate what the gateway does on a quiet machine.`,
    );
  }
  const failed = runs.filter((r) => r.figures.non2xx > 0 || r.figures.errors > 0);
  log();
  if (failed.length === 0) {
    log('non-2xx answers and connection errors under load: none');
    return;
  }
  log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
  log('!!! ERRORS UNDER LOAD: these figures include failed requests and are NOT valid as they stand');
  for (const r of failed) {
    log(
      `!!! ${r.figures.name}: ${r.figures.non2xx} non-2xx, ${r.figures.errors} connection errors (${r.figures.timeouts} timeouts); statuses ${JSON.stringify(r.figures.statusCodes)}`,
    );
  }
  log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
  process.exitCode = 1;
}
