import { setTimeout as sleep } from 'node:timers/promises';
import { availableParallelism } from 'node:os';
import { measure, measureSlice, median, pool, sliceRate, type LoadOptions, type Slice } from '../lib/measure.js';
import { BenchStack } from '../payments/bench-stack.js';
import { createBenchMember } from '../payments/bench-member.js';
import { parseBenchOptions } from '../payments/bench-options.js';
import { loadOptionsFor } from '../payments/load-options.js';
import { CONNECTIONS } from '../payments/settings.js';
import { seedSettlementAccounts, SETTLEMENT_ACCOUNTS } from '../payouts/seed-settlement-accounts.js';
import { seedTransfers } from '../payments-v1/seed-transfers.js';
import { seedRefundablePayments } from '../refunds/seed-refundable-payments.js';
import { seedTokensAndVrpConsents } from './seed-reads.js';

/** Every read by id against the bare SELECT by id of its own table, in the same run. */
export const READ_TARGET_RATIO = 0.6;

/** One resource's read by id: its route, its table, the ids it rotates through. */
interface ReadRoute {
  readonly name: string;
  readonly path: string;
  readonly table: string;
  readonly ids: readonly string[];
}

interface Measured {
  readonly route: ReadRoute;
  readonly select: LoadOptions;
  readonly get: LoadOptions;
  readonly selectSlices: Slice[];
  readonly getSlices: Slice[];
}

/**
 * The reads bench in the parent process: the stack, every resource seeded, then for each round
 * each resource's bare SELECT and its GET in turns (so a pair sees the same machine), the table.
 */
export async function runReadsBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const only = /^--only=(.+)$/.exec(args.find((arg) => arg.startsWith('--only=')) ?? '')?.[1]?.split(',');
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(false);
  try {
    const { apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const { paymentIds, refundIds } = await seedRefundablePayments(stack.db, 'bench TPP');
    const { payoutIds } = await seedSettlementAccounts(stack.db, 'bench TPP');
    const transferIds = await seedTransfers(stack.db, 'bench TPP');
    const { tokenIds, vrpConsentIds } = await seedTokensAndVrpConsents(stack.db, 'bench TPP');
    const accountIds = Array.from({ length: SETTLEMENT_ACCOUNTS }, (_, i) => `pa:bench-${i + 1}`);
    const routes: ReadRoute[] = [
      { name: 'GET /v2/payments/{id}', path: 'v2/payments', table: 'payment', ids: paymentIds },
      { name: 'GET /refunds/{id}', path: 'refunds', table: 'refund', ids: refundIds },
      { name: 'GET /payouts/{id}', path: 'payouts', table: 'payout', ids: payoutIds },
      { name: 'GET /transfers/{id}', path: 'transfers', table: 'transfer', ids: transferIds },
      { name: 'GET /tokens/{id}', path: 'tokens', table: 'token', ids: tokenIds },
      { name: 'GET /vrp-consents/{id}', path: 'vrp-consents', table: 'vrp_consent', ids: vrpConsentIds },
      { name: 'GET /virtual-accounts/{id}', path: 'virtual-accounts', table: 'settlement_account', ids: accountIds },
    ].filter((route) => only === undefined || only.includes(route.table));

    const sliceSeconds = seconds / rounds;
    const loads = loadOptionsFor(sliceSeconds);
    const measured: Measured[] = [];
    for (const route of routes) {
      const first = await fetch(`${apiUrl}/${route.path}/${encodeURIComponent(route.ids[0] ?? '')}`, { headers: auth });
      if (first.status !== 200)
        throw new Error(`sanity: ${route.name} answered ${first.status}: ${await first.text()}`);
      measured.push({
        route,
        select: loads.get(`${baselineUrl}/baseline/rows/${route.table}`, route.ids, {}),
        get: loads.get(`${apiUrl}/${route.path}`, route.ids, auth),
        selectSlices: [],
        getSlices: [],
      });
    }
    log(`sanity: ${routes.map((route) => route.name).join(', ')}: 200`);
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'}, each GET in turn with the bare SELECT by id of its own table, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    for (const m of measured) {
      await measure(`${m.route.table} SELECT (warm-up)`, { ...m.select, seconds: warmUpSeconds });
      await measure(`${m.route.name} (warm-up)`, { ...m.get, seconds: warmUpSeconds });
    }
    for (let round = 1; round <= rounds; round += 1) {
      const line: string[] = [];
      for (const m of measured) {
        m.selectSlices.push(await measureSlice(m.select));
        m.getSlices.push(await measureSlice(m.get));
        const ratio = sliceRate(m.getSlices[round - 1]) / sliceRate(m.selectSlices[round - 1]);
        line.push(`${m.route.table} ${ratio.toFixed(2)}x`);
      }
      log(`  round ${round}: ${line.join(', ')}`);
    }
    printReads(measured, { seconds, rounds, apiWorkers }, log);
  } finally {
    await sleep(1000);
    await stack.stop();
  }
}

function printReads(
  measured: readonly Measured[],
  setup: { readonly seconds: number; readonly rounds: number; readonly apiWorkers: number },
  log: (line?: string) => void,
): void {
  log();
  log(
    `Reads by id at ${CONNECTIONS} connections, ${setup.seconds} s per run in ${setup.rounds} slices taken in turns, api in ${setup.apiWorkers} process${setup.apiWorkers === 1 ? '' : 'es'} (${availableParallelism()} cores shared by autocannon, api, Postgres and Redis)`,
  );
  log();
  log('| run | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx + errors | ratio | target |');
  log('|---|---|---|---|---|---|---|---|');
  let failed = false;
  for (const m of measured) {
    const select = pool(`baseline: SELECT * FROM ${m.route.table} by id`, m.select, m.selectSlices);
    const get = pool(m.route.name, m.get, m.getSlices);
    const ratio = get.requestsPerSecond / select.requestsPerSecond;
    const roundsMedian = median(m.getSlices.map((slice, i) => sliceRate(slice) / sliceRate(m.selectSlices[i])));
    const met = Math.min(ratio, roundsMedian) >= READ_TARGET_RATIO;
    for (const [figures, ratioText, target] of [
      [select, '1.00x', ''],
      [
        get,
        `${ratio.toFixed(2)}x of SELECT (rounds: median ${roundsMedian.toFixed(2)}x)`,
        `>= ${READ_TARGET_RATIO}x: ${met ? 'met' : 'NOT MET'}`,
      ],
    ] as const) {
      log(
        `| ${figures.name} | ${figures.requestsPerSecond.toLocaleString('en-GB')} | ${figures.p50Ms} | ${figures.p99Ms} | ${figures.p999Ms} | ${figures.non2xx + figures.errors} | ${ratioText} | ${target} |`,
      );
      if (figures.non2xx > 0 || figures.errors > 0) failed = true;
    }
  }
  log();
  if (failed) {
    log('!!! ERRORS UNDER LOAD: these figures include failed requests and are NOT valid as they stand');
    process.exitCode = 1;
  } else log('non-2xx answers and connection errors under load: none');
}
