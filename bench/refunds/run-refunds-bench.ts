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
import { refundWithRef } from './refund-body.js';
import { seedRefundablePayments } from './seed-refundable-payments.js';

/** Refund initiation against the same run's baseline INSERT; GET /refunds/{id} against its SELECT. */
export const REFUND_TARGETS = { initiationRatio: 0.25, initiationP99Ms: 100, getRatio: 0.6 } as const;

async function checkSanity(apiUrl: string, auth: Record<string, string>, refundId: string): Promise<void> {
  const created = await fetch(`${apiUrl}/refunds`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: refundWithRef('bench-sanity'),
  });
  const body = (await created.json()) as { refund?: { id?: string } };
  if (created.status !== 200 || body.refund?.id === undefined)
    throw new Error(`sanity: POST /refunds answered ${created.status} ${JSON.stringify(body)}`);
  const read = await fetch(`${apiUrl}/refunds/${encodeURIComponent(refundId)}`, { headers: auth });
  if (read.status !== 200) throw new Error(`sanity: GET /refunds/{id} answered ${read.status}: ${await read.text()}`);
}

/** The refunds bench in the parent process: the stack, the sliced runs, the report. */
export async function runRefundsBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(false);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const { refundIds } = await seedRefundablePayments(stack.db, 'bench TPP');
    await checkSanity(apiUrl, auth, refundIds[0] ?? '');
    const baselineIds = await seedPayments(`${baselineUrl}/baseline/payments`, {}, 'bench-get');
    log('sanity: POST /refunds 200; GET /refunds/{id} 200');
    const cpuSnapshot = cpuSnapshots({ api, bank, baseline });
    const payments = loadOptionsFor(seconds);
    const refunds = loadOptionsFor(seconds, refundWithRef);

    const loads = {
      insert: { name: 'baseline: Fastify + pg INSERT', options: payments.post(`${baselineUrl}/baseline/payments`, {}) },
      initiate: {
        name: 'POST /refunds (partial, 1,000 payments)',
        options: refunds.post(`${apiUrl}/refunds`, auth),
      },
      select: {
        name: 'baseline: Fastify + pg SELECT by id',
        options: payments.get(`${baselineUrl}/baseline/payments`, baselineIds, {}),
      },
      get: {
        name: 'GET /refunds/{id} (1,000 refunds)',
        options: payments.get(`${apiUrl}/refunds`, refundIds, auth),
      },
    };
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureInTurns(loads, { seconds, rounds, warmUpSeconds }, cpuSnapshot, log);
    printHeadline(measured, { seconds, rounds, apiWorkers }, log, 'Refunds', REFUND_TARGETS);
  } finally {
    await sleep(2000);
    await stack.stop();
  }
}
