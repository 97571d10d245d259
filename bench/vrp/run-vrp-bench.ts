import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { BenchStack } from '../payments/bench-stack.js';
import { createBenchMember } from '../payments/bench-member.js';
import { parseBenchOptions } from '../payments/bench-options.js';
import { cpuSnapshots } from '../payments/cpu-accounting.js';
import { loadOptionsFor } from '../payments/load-options.js';
import { postJson } from '../payments/post-json.js';
import { profileRoute } from '../payments/profile-route.js';
import { CONNECTIONS, bodyWithRef } from '../payments/settings.js';
import type { Run } from '../payments/sliced-runs.js';
import { vrpBody } from './vrp-body.js';
import { authorisedVrpConsent, consentsOfManyPayers } from './vrp-consents.js';
import { untilPostgresQuiet } from './quiet-postgres.js';
import { printVrpHeadline } from './vrp-report.js';
import { measureLoadsInTurns } from './vrp-turns.js';
import { measureCpuPerVrp, printCpuBatchHead } from './vrp-cpu-batch.js';

const ACCEPTED = ['INITIATION_COMPLETED', 'INITIATION_PROCESSING'];

/** Before load: a VRP under each kind of consent is made, so that the figures measure payments made. */
async function checkSanity(
  urls: { readonly apiUrl: string; readonly baselineUrl: string },
  auth: Record<string, string>,
  consents: { readonly one: string; readonly many: readonly string[] },
  log: (line?: string) => void,
): Promise<void> {
  const seen: string[] = [];
  for (const [label, consentId] of [
    ['the one consent', consents.one],
    ['one of the many', consents.many[0] ?? ''],
  ] as const) {
    const answer = await postJson(
      `${urls.apiUrl}/v2/payments`,
      vrpBody(consentId, `bench-sanity-${seen.length}`),
      auth,
    );
    if (answer.status !== 200 || !ACCEPTED.includes(answer.body.payment?.status ?? ''))
      throw new Error(`sanity: a VRP under ${label} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    seen.push(`${label}: 200 ${answer.body.payment?.status ?? ''}`);
  }
  const baseline = await postJson(`${urls.baselineUrl}/baseline/payments`, bodyWithRef('bench-sanity'), {});
  if (baseline.status !== 200) throw new Error(`sanity: baseline POST answered ${baseline.status}`);
  log(`sanity: POST /v2/payments (VRP) ${seen.join('; ')}`);
}

/** What the runs left behind: the VRPs by status here and at the bank, and how many the one consent holds. */
async function printAftermath(db: pg.Client, oneConsent: string, log: (line?: string) => void): Promise<void> {
  const gateway = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM payment WHERE vrp_consent_id IS NOT NULL GROUP BY status ORDER BY n DESC',
  );
  const bank = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM sandbox_bank.sb_payment WHERE kind = 'domestic-vrp' GROUP BY status ORDER BY n DESC`,
  );
  const one = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment WHERE vrp_consent_id = $1', [
    oneConsent,
  ]);
  const list = (rows: readonly { status: string; n: number }[]): string =>
    rows.map((row) => `${row.status} ${row.n.toLocaleString('en-GB')}`).join(', ');
  log();
  log(`VRPs stored by the gateway: ${list(gateway.rows)}; at the sandbox bank: ${list(bank.rows)}`);
  log(
    `the one consent holds ${(one.rows[0]?.n ?? 0).toLocaleString('en-GB')} VRPs after the runs (each VRP under it reads those made before it for the limit check)`,
  );
}

/** The VRP bench in the parent process: the stack, the consents, the sliced runs, the report, then the profile if asked. */
export async function runVrpBench(entryFile: string, args: readonly string[]): Promise<void> {
  const { seconds, profile, apiWorkers, warmUpSeconds, rounds } = parseBenchOptions(args);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);

  const stack = await BenchStack.open(profile);
  try {
    const { api, bank, baseline, apiUrl, baselineUrl, adminPort } = await stack.startServers(entryFile, apiWorkers);
    const auth = await createBenchMember(adminPort);
    const one = await authorisedVrpConsent(apiUrl, auth, 'bench-one', 'sandbox-success');
    const many = await consentsOfManyPayers(apiUrl, auth, CONNECTIONS);
    log(`consents: 1 approved by sandbox-success, ${many.length} each approved by a payer of its own; all AUTHORIZED`);
    await checkSanity({ apiUrl, baselineUrl }, auth, { one, many }, log);
    const cpuSnapshot = cpuSnapshots({ api, bank, baseline });
    let turn = 0;
    const underOne = loadOptionsFor(seconds, (refId) => vrpBody(one, refId));
    const underMany = loadOptionsFor(seconds, (refId) => vrpBody(many[(turn += 1) % many.length] ?? '', refId));
    const baselineRows = loadOptionsFor(seconds);
    const loads = [
      { name: 'baseline: Fastify + pg INSERT', options: baselineRows.post(`${baselineUrl}/baseline/payments`, {}) },
      {
        name: `VRP, all ${CONNECTIONS} connections on one consent`,
        options: underOne.post(`${apiUrl}/v2/payments`, auth),
      },
      {
        name: `VRP, round-robin over ${many.length} consents`,
        options: underMany.post(`${apiUrl}/v2/payments`, auth),
      },
    ];
    const batch = Number(
      /^--cpu-batch=(\d+)$/.exec(args.find((arg) => arg.startsWith('--cpu-batch=')) ?? '')?.[1] ?? 0,
    );
    if (batch > 0) {
      // Only the CPU per VRP over a fixed batch under each kind of consent (see vrp-cpu-batch.ts).
      printCpuBatchHead(log);
      const quiet = () => untilPostgresQuiet(stack.db);
      for (const [name, consentOf] of [
        ['one consent', () => one],
        [`${many.length} consents`, (index: number) => many[index % many.length] ?? ''],
      ] as const) {
        await measureCpuPerVrp(
          name,
          batch,
          (index) => postJson(`${apiUrl}/v2/payments`, vrpBody(consentOf(index), `cpu-${name.length}-${index}`), auth),
          cpuSnapshot,
          quiet,
          log,
        );
      }
      await printAftermath(stack.db, one, log);
      return;
    }
    log(
      `measuring: ${seconds} s per run in ${rounds} slice${rounds === 1 ? '' : 's'} taken in turns, after ${warmUpSeconds} s of warm-up each, ${CONNECTIONS} connections, api in ${apiWorkers} process${apiWorkers === 1 ? '' : 'es'}`,
    );
    const measured = await measureLoadsInTurns(loads, { seconds, rounds, warmUpSeconds }, cpuSnapshot, {
      afterSlice: async (load) => {
        const ms = await untilPostgresQuiet(stack.db);
        if (ms > 1000)
          log(`  after ${load.name}: ${(ms / 1000).toFixed(1)} s until the requests it left behind were done`);
      },
      onRound: (round, rates) => {
        const [insert = 0, ...vrps] = rates;
        log(
          `  round ${round}: INSERT ${Math.round(insert)} req/s; ${vrps.map((rate, i) => `${i === 0 ? 'one consent' : 'many consents'} ${Math.round(rate)} req/s (${(rate / insert).toFixed(2)}x)`).join('; ')}`,
        );
      },
    });
    printVrpHeadline(measured.runs as [Run, ...Run[]], measured.roundRates, { seconds, rounds, apiWorkers }, log);
    await printAftermath(stack.db, one, log);

    if (profile) {
      const context = { api, bank, db: stack.db, log, cpuSnapshot };
      await profileRoute({
        ...context,
        route: `POST /v2/payments (VRP, ${CONNECTIONS} connections on one consent)`,
        options: (connections) => underOne.post(`${apiUrl}/v2/payments`, auth, connections),
        unloadedRun: true,
      });
      await untilPostgresQuiet(stack.db);
      await profileRoute({
        ...context,
        route: `POST /v2/payments (VRP, round-robin over ${many.length} consents)`,
        options: (connections) => underMany.post(`${apiUrl}/v2/payments`, auth, connections),
        unloadedRun: false,
      });
    }
  } finally {
    // Let the requests the servers still hold finish before their Redis and Postgres go.
    await sleep(2000);
    await stack.stop();
  }
}
