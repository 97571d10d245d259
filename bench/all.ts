/**
 * Every benchmark, briefly, and one table of their figures (not a test).
 *
 *   npm run bench [--full] [--only=payments,reads,...]
 *
 * Runs each bench of this folder in turn as its own process (each starts its own Postgres,
 * Redis and servers, and measures the gateway against a baseline in the same run), with its runs
 * shortened unless `--full` is given, and prints every figure a bench checks against a target:
 * the figure, the target, met or not. The figures are ratios to a baseline measured in the same
 * run, so a busy machine moves both; the load of the machine is printed with them. Exits
 * non-zero when a bench fails or a target is not met.
 */
import { spawn } from 'node:child_process';
import { loadavg, availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figuresOf, type BenchFigure } from './all/bench-figures.js';

interface Bench {
  readonly name: string;
  readonly file: string;
  /** Arguments of the brief run (the default run when `--full`). */
  readonly quick: readonly string[];
}

/** Each bench and its brief run: a few seconds per load, in two rounds taken in turns. */
const BENCHES: readonly Bench[] = [
  { name: 'payments', file: 'payments.js', quick: ['4', '--rounds=2'] },
  { name: 'refunds', file: 'refunds.js', quick: ['4', '--rounds=2'] },
  { name: 'payouts', file: 'payouts.js', quick: ['4', '--rounds=2'] },
  { name: 'payments-v1', file: 'payments-v1.js', quick: ['4', '--rounds=2'] },
  { name: 'vrp', file: 'vrp.js', quick: ['4', '--rounds=2'] },
  { name: 'accounts', file: 'accounts.js', quick: ['4', '--rounds=2'] },
  { name: 'reads', file: 'reads.js', quick: ['4', '--rounds=2'] },
  { name: 'settlement-reconciliation', file: 'settlement-reconciliation.js', quick: ['5000'] },
];

const here = dirname(fileURLToPath(import.meta.url));
const full = process.argv.includes('--full');
const only = /^--only=(.+)$/.exec(process.argv.find((arg) => arg.startsWith('--only=')) ?? '')?.[1]?.split(',');
const log = (line = ''): void => void process.stdout.write(`${line}\n`);

/** Runs one bench, its output passed through indented; answers its output and exit code. */
function run(
  bench: Bench,
): Promise<{ readonly output: string; readonly code: number | null; readonly seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, bench.file), ...(full ? [] : bench.quick)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const pass = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output += text;
      process.stdout.write(text.replace(/^(?=.)/gm, `  [${bench.name}] `));
    };
    child.stdout.on('data', pass);
    child.stderr.on('data', pass);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ output, code, seconds: (performance.now() - started) / 1000 }));
  });
}

const rows: { readonly bench: string; readonly figure: BenchFigure }[] = [];
const failed: string[] = [];
const started = performance.now();
for (const bench of BENCHES.filter(({ name }) => only === undefined || only.includes(name))) {
  log(`== ${bench.name} ==`);
  const { output, code, seconds } = await run(bench);
  const figures = figuresOf(output);
  for (const figure of figures) rows.push({ bench: bench.name, figure });
  if (code !== 0 || figures.length === 0)
    failed.push(`${bench.name} (exit ${String(code)}, ${figures.length} figures)`);
  log(`== ${bench.name}: ${seconds.toFixed(0)} s, load average ${loadavg()[0]?.toFixed(1)} ==`);
}

log();
log(
  `All benchmarks (${full ? 'full runs' : 'brief runs'}, ${((performance.now() - started) / 60_000).toFixed(1)} min; ${availableParallelism()} cores, load average at the end ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')}):`,
);
log();
log('| bench | figure | measured | target | met |');
log('|---|---|---|---|---|');
for (const { bench, figure } of rows)
  log(`| ${bench} | ${figure.name} | ${figure.measured} | ${figure.target} | ${figure.met ? 'met' : 'NOT MET'} |`);
if (failed.length > 0) {
  log();
  log(`!!! benches that failed or reported no figure: ${failed.join(', ')}`);
}
if (failed.length > 0 || rows.some(({ figure }) => !figure.met)) process.exitCode = 1;
