import { setTimeout as sleep } from 'node:timers/promises';
import { BenchStack } from '../payments/bench-stack.js';
import { createBenchMember } from '../payments/bench-member.js';
import { parseBenchOptions } from '../payments/bench-options.js';
import { cpuSnapshots } from '../payments/cpu-accounting.js';
import { printHeadline } from '../payments/headline-report.js';
import { loadOptionsFor } from '../payments/load-options.js';
import { seedPayments } from '../payments/seed-payments.js';
import { CONNECTIONS } from '../payments/settings.js';
import { measureInTurns } from '../payments/sliced-runs.js';
import { payoutWithRef } from './payout-body.js';
import { seedSettlementAccounts } from './seed-settlement-accounts.js';

/** Payout initiation against the same run's baseline INSERT; GET /payouts/{id} against its SELECT. */
export const PAYOUT_TARGETS = { initiationRatio: 0.25, initiationP99Ms: 150, getRatio: 0.6 } as const;

async function checkSanity(apiUrl: string, auth: Record<string, string>, payoutId: string): Promise<string> {
  const created = await fetch(`${apiUrl}/payouts`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: payoutWithRef('bench-sanity'),
  });
  const body = (await created.json()) as { payout?: { id?: string; status?: string } };
  if (created.status !== 200 || body.payout?.status !== 'INITIATION_PENDING')
    throw new Error(`sanity: POST /payouts answered ${created.status} ${JSON.stringify(body)}`);
  const read = await fetch(`${apiUrl}/payouts/${encodeURIComponent(payoutId)}`, { headers: auth });
  if (read.status !== 200) throw new Error(`sanity: GET /payouts/{id} answered ${read.status}: ${await read.text()}`);
  return body.payout.status;
}

/** The payouts bench in the parent process: the stack, the sliced runs, the report. */
export async function runPayoutsBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(false);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const { payoutIds } = await seedSettlementAccounts(stack.db, 'bench TPP');
    const status = await checkSanity(apiUrl, auth, payoutIds[0] ?? '');
    const baselineIds = await seedPayments(`${baselineUrl}/baseline/payments`, {}, 'bench-get');
    log(`sanity: POST /payouts 200 (${status}); GET /payouts/{id} 200`);
    const cpuSnapshot = cpuSnapshots({ api, bank, baseline });
    const payments = loadOptionsFor(seconds);
    const payouts = loadOptionsFor(seconds, payoutWithRef);

    const loads = {
      insert: { name: 'baseline: Fastify + pg INSERT', options: payments.post(`${baselineUrl}/baseline/payments`, {}) },
      initiate: {
        name: 'POST /payouts (200 accounts, amount reserved)',
        options: payouts.post(`${apiUrl}/payouts`, auth),
      },
      select: {
        name: 'baseline: Fastify + pg SELECT by id',
        options: payments.get(`${baselineUrl}/baseline/payments`, baselineIds, {}),
      },
      get: {
        name: 'GET /payouts/{id} (1,000 payouts)',
        options: payments.get(`${apiUrl}/payouts`, payoutIds, auth),
      },
    };
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureInTurns(loads, { seconds, rounds, warmUpSeconds }, cpuSnapshot, log);
    printHeadline(measured, { seconds, rounds, apiWorkers }, log, 'Payouts', PAYOUT_TARGETS);
  } finally {
    await sleep(2000);
    await stack.stop();
  }
}
