import { parseArgs } from 'node:util';
import { startBenchServers } from './lib/local-servers.js';
import { FAULT_KINDS, type FaultKind } from './bank-truth/fault-plan.js';
import { runBankTruth } from './bank-truth/run-bank-truth.js';
import { freePortOnLoopback as freePort } from './free-port.js';

/**
 * Consistency check of the gateway against the bank, in the spirit of Jepsen: drives every flow
 * under lost and late bank answers, repeated callbacks, users who never return and kill -9 of the
 * api and the worker, lets every timer run, then compares each resource's final status with what
 * the sandbox bank executed. Exits non-zero on any divergence, double execution or stuck resource.
 * `--operations` is the size of one round (one seed's plan); with `--seconds` rounds follow one
 * another (seed, seed + 1, ...) until that time has passed, then the timers run to the end.
 *
 *   npm run check:bank-truth [-- --operations N --seconds S --seed X --faults kind,kind]
 */
const { values } = parseArgs({
  options: {
    operations: { type: 'string', default: '60' },
    seconds: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    faults: { type: 'string' },
  },
});
const operations = Number(values.operations);

/** `--faults lost-answer,kill-api`: only these fault kinds. */
function faultKinds(list: string): FaultKind[] {
  return list.split(',').map((kind) => {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`--faults: no fault kind ${kind}`);
    return kind as FaultKind;
  });
}
const seed = Number(values.seed);
const servers = await startBenchServers(await freePort(), await freePort());
try {
  const report = await runBankTruth({
    operations,
    seed,
    databaseUrl: servers.databaseUrl,
    redisUrl: servers.redisUrl,
    ...(values.seconds === undefined ? {} : { seconds: Number(values.seconds) }),
    ...(values.faults === undefined ? {} : { faults: faultKinds(values.faults) }),
    log: (line) => void process.stderr.write(`[bank-truth] ${line}\n`),
  });
  const perFlow = (counts: Readonly<Record<string, number>>): string =>
    Object.entries(counts)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
  const lines = [
    `seed               ${report.seeds.join(', ')}${report.seeds.length > 1 ? ` (${report.seeds.length} rounds)` : ''}`,
    `duration           ${report.durationSeconds.toFixed(0)} s (driving operations ${report.drivingSeconds.toFixed(0)} s)`,
    `operations         ${report.operations}`,
    `per flow           ${perFlow(report.flows)}`,
    `faults injected    ${perFlow(report.faults)}`,
    'final statuses per flow',
    ...Object.entries(report.outcomes).map(([flow, statuses]) => `  ${flow.padEnd(22)} ${perFlow(statuses)}`),
    `divergences        ${report.divergences}`,
    `double executions  ${report.doubleExecutions}`,
    `stuck              ${report.stuck}`,
    ...report.findings.map(
      (finding) =>
        `  ${finding.kind.padEnd(16)} ${finding.resource.label.padEnd(40)} ${finding.resource.kind} ${finding.resource.id} (${finding.resource.refId}): ${finding.detail}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = report.divergences + report.doubleExecutions + report.stuck === 0 ? 0 : 1;
} finally {
  await servers.stop();
}
