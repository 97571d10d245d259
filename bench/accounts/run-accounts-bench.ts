import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadOptions } from '../lib/measure.js';
import { BenchStack } from '../payments/bench-stack.js';
import { createBenchMember } from '../payments/bench-member.js';
import { parseBenchOptions } from '../payments/bench-options.js';
import { cpuSnapshots } from '../payments/cpu-accounting.js';
import { loadOptionsFor } from '../payments/load-options.js';
import { seedPayments } from '../payments/seed-payments.js';
import { BANK_ID, CONNECTIONS } from '../payments/settings.js';
import { measureInTurns, type Run } from '../payments/sliced-runs.js';
import { benchAccessToken } from './bench-access-token.js';

/** The target: a cached 100-entry page at half the baseline SELECT's rate or better. */
const TARGET_RATIO = 0.5;

function transactionsLoad(url: string, headers: Record<string, string>, seconds: number): LoadOptions {
  return { url, headers, connections: CONNECTIONS, seconds };
}

/** The accounts bench in the parent process: the stack, a token, the sliced runs, the report. */
export async function runAccountsBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(false);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const tokenId = await benchAccessToken(apiUrl, auth, BANK_ID, 'sandbox-success');
    const headers = { ...auth, 'on-behalf-of': tokenId, 'token-customer-ip-address': '203.0.113.7' };
    const accounts = (await (await fetch(`${apiUrl}/accounts`, { headers })).json()) as { accounts: { id: string }[] };
    const accountId = accounts.accounts[0]?.id ?? '';
    const firstUrl = `${apiUrl}/accounts/${encodeURIComponent(accountId)}/transactions?page.limit=100`;
    const first = await fetch(firstUrl, { headers });
    const firstBody = (await first.json()) as { transactions: unknown[]; offset?: string };
    if (first.status !== 200 || firstBody.transactions.length !== 100 || firstBody.offset === undefined)
      throw new Error(`sanity: the first page answered ${first.status} with ${firstBody.transactions.length} entries`);
    const secondUrl = `${firstUrl}&page.offset=${encodeURIComponent(firstBody.offset)}`;
    const second = await fetch(secondUrl, { headers });
    if (second.status !== 200) throw new Error(`sanity: the second page answered ${second.status}`);
    const bytes = JSON.stringify(firstBody).length;
    const baselineIds = await seedPayments(`${baselineUrl}/baseline/payments`, {}, 'bench-get');
    log(`sanity: GET /accounts 200; a 100-entry page 200 (${bytes.toLocaleString('en-GB')} bytes), its next page 200`);

    const payments = loadOptionsFor(seconds);
    const select = payments.get(`${baselineUrl}/baseline/payments`, baselineIds, {});
    const loads = {
      insert: { name: 'baseline: Fastify + pg SELECT by id', options: select },
      initiate: {
        name: 'GET /accounts/{id}/transactions (page 1 of 100, kept)',
        options: transactionsLoad(firstUrl, headers, seconds),
      },
      select: { name: 'baseline: Fastify + pg SELECT by id (again)', options: select },
      get: {
        name: 'GET /accounts/{id}/transactions (page 2 of 100, kept)',
        options: transactionsLoad(secondUrl, headers, seconds),
      },
    };
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureInTurns(
      loads,
      { seconds, rounds, warmUpSeconds },
      cpuSnapshots({ api, bank, baseline }),
      log,
    );
    const row = (run: Run, base: Run): string => {
      const ratio = run.figures.requestsPerSecond / base.figures.requestsPerSecond;
      return `| ${run.figures.name} | ${run.figures.requestsPerSecond.toLocaleString('en-GB')} | ${run.figures.p50Ms} | ${run.figures.p99Ms} | ${run.figures.non2xx + run.figures.errors} | ${ratio.toFixed(2)}x | >= ${TARGET_RATIO}x ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'} |`;
    };
    log();
    log(
      `Account information at ${CONNECTIONS} connections, ${seconds} s per run in ${rounds} slices taken in turns, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'} (${availableParallelism()} cores shared)`,
    );
    log();
    log('| run | req/s | p50 ms | p99 ms | non-2xx + errors | ratio to its SELECT | target |');
    log('|---|---|---|---|---|---|---|');
    log(
      `| ${measured.baselineInsert.figures.name} | ${measured.baselineInsert.figures.requestsPerSecond.toLocaleString('en-GB')} | ${measured.baselineInsert.figures.p50Ms} | ${measured.baselineInsert.figures.p99Ms} | ${measured.baselineInsert.figures.non2xx + measured.baselineInsert.figures.errors} | 1.00x | |`,
    );
    log(row(measured.initiation, measured.baselineInsert));
    log(
      `| ${measured.baselineSelect.figures.name} | ${measured.baselineSelect.figures.requestsPerSecond.toLocaleString('en-GB')} | ${measured.baselineSelect.figures.p50Ms} | ${measured.baselineSelect.figures.p99Ms} | ${measured.baselineSelect.figures.non2xx + measured.baselineSelect.figures.errors} | 1.00x | |`,
    );
    log(row(measured.lookup, measured.baselineSelect));
    log();
    log('CPU ms per answered request, by process:');
    for (const run of [measured.baselineInsert, measured.initiation, measured.lookup])
      log(
        `  ${run.figures.name}: ${[...run.cpuPerRequest].map(([group, ms]) => `${group} ${ms.toFixed(2)}`).join(', ')} (machine ${Math.round(run.machineBusy * 100)} % busy, others ${Math.round(run.othersShare * 100)} %)`,
      );
  } finally {
    await sleep(2000);
    await stack.stop();
  }
}
