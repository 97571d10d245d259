import { setTimeout as sleep } from 'node:timers/promises';
import { BenchStack } from './bench-stack.js';
import { createBenchMember } from './bench-member.js';
import { parseBenchOptions } from './bench-options.js';
import { cpuSnapshots } from './cpu-accounting.js';
import { printHeadline } from './headline-report.js';
import { loadOptionsFor } from './load-options.js';
import { profileRoute } from './profile-route.js';
import { checkSanity } from './sanity-check.js';
import { seedPayments } from './seed-payments.js';
import { CONNECTIONS } from './settings.js';
import { measureInTurns } from './sliced-runs.js';

/** The bench in the parent process: the stack, the sliced runs, the report, then the profile if asked. */
export async function runBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, profile, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(profile);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    await checkSanity(apiUrl, baselineUrl, auth, log);
    const paymentIds = await seedPayments(`${apiUrl}/v2/payments`, auth, 'bench-get');
    const baselineIds = await seedPayments(`${baselineUrl}/baseline/payments`, {}, 'bench-get');
    const cpuSnapshot = cpuSnapshots({ api, bank, baseline });
    const options = loadOptionsFor(seconds);

    const loads = {
      insert: { name: 'baseline: Fastify + pg INSERT', options: options.post(`${baselineUrl}/baseline/payments`, {}) },
      initiate: {
        name: 'POST /v2/payments (UK FPS, ob-sandbox-gb)',
        options: options.post(`${apiUrl}/v2/payments`, auth),
      },
      select: {
        name: 'baseline: Fastify + pg SELECT by id',
        options: options.get(`${baselineUrl}/baseline/payments`, baselineIds, {}),
      },
      get: {
        name: 'GET /v2/payments/{id} (1,000 ids)',
        options: options.get(`${apiUrl}/v2/payments`, paymentIds, auth),
      },
    };
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureInTurns(loads, { seconds, rounds, warmUpSeconds }, cpuSnapshot, log);
    printHeadline(measured, { seconds, rounds, apiWorkers }, log);

    if (profile) {
      const context = { api, bank, db: stack.db, log, cpuSnapshot };
      await profileRoute({
        ...context,
        route: 'POST /v2/payments',
        options: (connections) => options.post(`${apiUrl}/v2/payments`, auth, connections),
        unloadedRun: true,
      });
      await profileRoute({
        ...context,
        route: 'GET /v2/payments/{id}',
        options: (connections) => ({ ...options.get(`${apiUrl}/v2/payments`, paymentIds, auth), connections }),
        unloadedRun: false,
      });
    }
  } finally {
    // autocannon drops its sockets when a run ends; let the requests the servers still hold
    // finish before their Redis and Postgres connections close under them.
    await sleep(2000);
    await stack.stop();
  }
}
