import { availableParallelism } from 'node:os';
import { median } from '../lib/measure.js';
import { CPU_GROUPS } from '../payments/cpu-accounting.js';
import { CONNECTIONS } from '../payments/settings.js';
import type { Run } from '../payments/sliced-runs.js';

/**
 * VRP initiation against the baseline INSERT of the same run, per run in the order the bench
 * makes them: all connections under one consent (each VRP waits for the one before it under the
 * consent's lock), then round-robin over 50 consents.
 */
export const VRP_TARGET_RATIOS = [0.1, 0.2] as const;

/**
 * The headline tables: req/s and latencies with each VRP run's ratio to the baseline INSERT
 * (pooled and the median of the rounds; the target counts as met only when both meet it), CPU
 * per request by process, and loud warnings for a noisy machine or failed requests (which also
 * make the bench exit non-zero).
 */
export function printVrpHeadline(
  runs: readonly [Run, ...Run[]],
  roundRates: readonly (readonly number[])[],
  setup: { readonly seconds: number; readonly rounds: number; readonly apiWorkers: number },
  log: (line?: string) => void,
): void {
  const [insert, ...vrps] = runs;
  const row = (r: Run, ratio: string, target: string): string =>
    `| ${r.figures.name} | ${r.figures.requestsPerSecond.toLocaleString('en-GB')} | ${r.figures.p50Ms} | ${r.figures.p99Ms} | ${r.figures.p999Ms} | ${r.figures.non2xx + r.figures.errors} | ${ratio} | ${target} |`;
  log();
  log(
    `VRP initiation at ${CONNECTIONS} connections, ${setup.seconds} s per run in ${setup.rounds} slices taken in turns, api in ${setup.apiWorkers} process${setup.apiWorkers === 1 ? '' : 'es'} (${availableParallelism()} cores shared by autocannon, api, sandbox bank, Postgres and Redis)`,
  );
  log();
  log('| run | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx + errors | ratio | target |');
  log('|---|---|---|---|---|---|---|---|');
  log(row(insert, '1.00x', ''));
  vrps.forEach((vrp, index) => {
    const ratio = vrp.figures.requestsPerSecond / insert.figures.requestsPerSecond;
    const roundsMedian = median(roundRates.map((rates) => (rates[index + 1] ?? 0) / (rates[0] ?? 1)));
    const target = VRP_TARGET_RATIOS[index] ?? VRP_TARGET_RATIOS[VRP_TARGET_RATIOS.length - 1];
    const met = Math.min(ratio, roundsMedian) >= target;
    log(
      row(
        vrp,
        `${ratio.toFixed(2)}x of INSERT (rounds: median ${roundsMedian.toFixed(2)}x)`,
        `>= ${target}x: ${met ? 'met' : 'NOT MET'}`,
      ),
    );
  });
  log();
  log('CPU ms per request, by process (machine busy = share of all cores during the run):');
  log();
  log(`| run | ${CPU_GROUPS.join(' | ')} | machine busy |`);
  log(`|---|${CPU_GROUPS.map(() => '---|').join('')}---|`);
  for (const r of runs)
    log(
      `| ${r.figures.name} | ${CPU_GROUPS.map((group) => (r.cpuPerRequest.get(group) ?? 0).toFixed(2)).join(' | ')} | ${Math.round(r.machineBusy * 100)}% |`,
    );
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
  log('!!! ERRORS UNDER LOAD: these figures include failed requests and are NOT valid as they stand');
  for (const r of failed)
    log(
      `!!! ${r.figures.name}: ${r.figures.non2xx} non-2xx, ${r.figures.errors} connection errors (${r.figures.timeouts} timeouts); statuses ${JSON.stringify(r.figures.statusCodes)}`,
    );
  process.exitCode = 1;
}
