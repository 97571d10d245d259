import { BenchStack } from '../payments/bench-stack.js';
import { createBenchMember } from '../payments/bench-member.js';
import { ADMIN } from '../payments/settings.js';
import { seedConsole } from './seed-console.js';

/** The console's target: each page under this many milliseconds with 100,000 payments. */
export const CONSOLE_PAGE_TARGET_MS = 300;

interface PageTimes {
  readonly name: string;
  readonly ms: number[];
}

function option(args: readonly string[], name: string, fallback: number): number {
  const value = new RegExp(`^--${name}=(\\d+)$`).exec(args.find((arg) => arg.startsWith(`--${name}=`)) ?? '')?.[1];
  return value === undefined ? fallback : Number(value);
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function timed(url: string, headers: Record<string, string>, expected: number): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, { headers, redirect: 'manual' });
  await answer.arrayBuffer();
  const ms = performance.now() - started;
  if (answer.status !== expected) throw new Error(`${url} answered ${answer.status}, not ${expected}`);
  return ms;
}

/**
 * The console bench in the parent: the stack, the data, a signed-in session, then every page and
 * the baseline's SELECT by id in turns, one request at a time (an operator's use), and the table.
 */
export async function runConsoleBench(entryFile: string, args: readonly string[]): Promise<void> {
  const payments = option(args, 'payments', 100_000);
  const requests = option(args, 'requests', 40);
  const log = (line = ''): void => void process.stdout.write(`${line}\n`);
  const stack = await BenchStack.open(false);
  try {
    const { baselineUrl, adminPort } = await stack.startServers(entryFile, 1);
    await createBenchMember(adminPort);
    const memberId =
      (await stack.db.query<{ id: string }>("SELECT id FROM member WHERE name = 'bench TPP'")).rows[0]?.id ?? '';
    const seedStarted = performance.now();
    const seed = await seedConsole(stack.db, 'bench TPP', payments);
    log(
      `seeded ${payments} payments, ${2 * payments} status changes, deliveries and attempts in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
    );

    const admin = `http://127.0.0.1:${adminPort}`;
    const signIn = await fetch(`${admin}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ adminToken: ADMIN }).toString(),
      redirect: 'manual',
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (signIn.status !== 303 || cookie === '') throw new Error(`sign-in answered ${signIn.status}`);
    const session = { cookie };
    const pick = (ids: readonly string[], index: number): string => encodeURIComponent(ids[index % ids.length] ?? '');

    const pages: { name: string; url: (index: number) => string; status: number }[] = [
      {
        name: 'baseline: SELECT payment by id',
        url: (i) => `${baselineUrl}/baseline/rows/payment/${pick(seed.paymentIds, i)}`,
        status: 200,
      },
      {
        name: 'find by id (303 to the page)',
        url: (i) => `${admin}/console/find?q=${pick(seed.paymentIds, i)}`,
        status: 303,
      },
      {
        name: 'find by refId (303 to the page)',
        url: (i) => `${admin}/console/find?q=${pick(seed.refIds, i)}`,
        status: 303,
      },
      {
        name: 'payment page',
        url: (i) => `${admin}/console/resources/payment/${pick(seed.paymentIds, i)}`,
        status: 200,
      },
      { name: 'overview', url: () => `${admin}/console/overview`, status: 200 },
      { name: 'action needed', url: () => `${admin}/console/action-needed`, status: 200 },
      { name: 'members', url: () => `${admin}/console/members`, status: 200 },
      { name: 'member page', url: () => `${admin}/console/members/${encodeURIComponent(memberId)}`, status: 200 },
      { name: 'sandbox', url: () => `${admin}/console/sandbox`, status: 200 },
    ];
    const times: PageTimes[] = pages.map((page) => ({ name: page.name, ms: [] }));
    // Warm-up, then the pages in turns so each sees the same machine.
    for (let index = 0; index < 5; index += 1)
      for (const page of pages)
        await timed(page.url(index), page.name.startsWith('baseline') ? {} : session, page.status);
    for (let index = 0; index < requests; index += 1)
      for (const [at, page] of pages.entries())
        times[at]?.ms.push(await timed(page.url(index), page.name.startsWith('baseline') ? {} : session, page.status));

    const baseline = quantile(times[0]?.ms ?? [], 0.5);
    log(`\n${requests} requests per page, one at a time; times as the operator's client sees them (localhost)`);
    log('page                                   p50 ms   p95 ms   max ms   p50 / baseline   under 300 ms');
    for (const page of times) {
      const p50 = quantile(page.ms, 0.5);
      const p95 = quantile(page.ms, 0.95);
      const max = Math.max(...page.ms);
      log(
        `${page.name.padEnd(38)} ${p50.toFixed(1).padStart(6)}   ${p95.toFixed(1).padStart(6)}   ${max.toFixed(1).padStart(6)}   ${(p50 / baseline).toFixed(1).padStart(14)}   ${max < CONSOLE_PAGE_TARGET_MS ? 'yes' : 'NO'}`,
      );
    }
  } finally {
    await stack.stop();
  }
}
