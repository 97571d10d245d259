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
import { seedTransfers } from './seed-transfers.js';
import { tokenRequestWithRef } from './token-request-body.js';

/** Before load: each route answers one request first, so the figures measure successes. */
async function checkSanity(apiUrl: string, auth: Record<string, string>, transferId: string): Promise<void> {
  const created = await fetch(`${apiUrl}/token-requests`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: tokenRequestWithRef('bench-sanity'),
  });
  const body = (await created.json()) as { tokenRequest?: { id?: string } };
  if (created.status !== 200 || body.tokenRequest?.id === undefined)
    throw new Error(`sanity: POST /token-requests answered ${created.status} ${JSON.stringify(body)}`);
  const read = await fetch(`${apiUrl}/transfers/${encodeURIComponent(transferId)}`, { headers: auth });
  if (read.status !== 200) throw new Error(`sanity: GET /transfers/{id} answered ${read.status}: ${await read.text()}`);
}

/** The Payments v1 bench in the parent process: the stack, the sliced runs, the report. */
export async function runV1Bench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(false);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const transferIds = await seedTransfers(stack.db, 'bench TPP');
    await checkSanity(apiUrl, auth, transferIds[0] ?? '');
    const baselineIds = await seedPayments(`${baselineUrl}/baseline/payments`, {}, 'bench-get');
    log('sanity: POST /token-requests 200; GET /transfers/{id} 200');
    const cpuSnapshot = cpuSnapshots({ api, bank, baseline });
    const payments = loadOptionsFor(seconds);
    const tokenRequests = loadOptionsFor(seconds, tokenRequestWithRef);

    const loads = {
      insert: { name: 'baseline: Fastify + pg INSERT', options: payments.post(`${baselineUrl}/baseline/payments`, {}) },
      initiate: {
        name: 'POST /token-requests (UK FPS transfer)',
        options: tokenRequests.post(`${apiUrl}/token-requests`, auth),
      },
      select: {
        name: 'baseline: Fastify + pg SELECT by id',
        options: payments.get(`${baselineUrl}/baseline/payments`, baselineIds, {}),
      },
      get: {
        name: 'GET /transfers/{id} (1,000 final transfers)',
        options: payments.get(`${apiUrl}/transfers`, transferIds, auth),
      },
    };
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureInTurns(loads, { seconds, rounds, warmUpSeconds }, cpuSnapshot, log);
    printHeadline(measured, { seconds, rounds, apiWorkers }, log, 'Payments v1');
  } finally {
    await sleep(2000);
    await stack.stop();
  }
}
