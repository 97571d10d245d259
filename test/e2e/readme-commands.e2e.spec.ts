import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { launcherEnv, startLauncher, type LauncherPorts } from '../support/launcher.js';
import type { SpawnedProcess } from '../support/spawned-process.js';
import { decideOnConsentPage } from './obie/consent-form.js';

const root = projectRoot();
const README_URL = 'http://localhost:8080';

/** README's ```sh blocks, in order. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

interface Payment {
  id: string;
  status: string;
  authentication?: { redirectUrl: string };
}

describe("README's commands, run as written against a gateway started by npm start's launcher", () => {
  const blocks = readmeCommands();
  let work: string;
  let env: NodeJS.ProcessEnv;
  let ports: LauncherPorts;
  let launcher: SpawnedProcess | undefined;
  let apiKey = '';

  /** Runs README blocks in one bash at a folder that has the launcher's `.data`, as at the project root. */
  async function bash(script: string): Promise<string> {
    const gateway = script.replaceAll(README_URL, `http://127.0.0.1:${ports.api}`);
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', gateway], {
      cwd: work,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    return stdout;
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'gateway-readme-'));
    await chmod(work, 0o755);
    const dataDir = join(work, '.data');
    await mkdir(dataDir, { mode: 0o755 });
    ({ env, ports } = await launcherEnv(dataDir));
    ({ launcher, apiKey } = await startLauncher(env));
  }, 120_000);

  afterAll(async () => {
    if (launcher !== undefined) expect(await launcher.stop('SIGINT', 60_000)).toBe(0);
    await rm(work, { recursive: true, force: true });
  }, 90_000);

  it('has the two quick-start lines: npm start (this launcher, after a build) and npm test (what CI runs)', () => {
    expect(blocks[0]?.trim().split('\n')).toEqual([
      'npm install && npm start     # the whole gateway: Postgres, Redis, api, worker, sandbox bank',
      'npm install && npm test      # typecheck, lint and every test, with the servers they need',
    ]);
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['start']).toBe('npm run build --silent && node dist/scripts/start.js');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/\bnpm test\b/);
  });

  it('a webhook configuration: the PUT answers the whsec_ secret, shown this once', async () => {
    const [, apiKey = '', , , webhook = ''] = blocks;
    expect(webhook).toContain('/webhook/config');
    const answer = JSON.parse(await bash(`${apiKey}\n${webhook}`)) as { secret?: string };
    expect(answer.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  });

  it('a healthy start logs no warning: every bank probed LIVE, no warn or error line from any process', async () => {
    type Statuses = { banksStatus: { bankId: string; aisStatus: string; pisStatus: string; lastUpdatedAt: string }[] };
    let statuses: Statuses['banksStatus'] = [];
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const response = await fetch(`http://127.0.0.1:${ports.api}/reports/banks/status`, {
        headers: { authorization: `Basic ${apiKey}` },
      });
      statuses = ((await response.json()) as Statuses).banksStatus;
      if (statuses.length > 0 && statuses.every((bank) => bank.lastUpdatedAt !== '0')) break;
      await sleep(500);
    }
    expect(statuses.length).toBe(11);
    for (const bank of statuses) expect(bank.lastUpdatedAt, bank.bankId).not.toBe('0');
    // The launcher runs every process at LOG_LEVEL=warn: any line pino writes is a warning or worse.
    const logLines = (launcher?.output ?? '').split('\n').filter((line) => line.startsWith('{'));
    expect(logLines).toEqual([]);
  }, 90_000);

  it('a first payment: the API key, the payment, the bank page by hand, then the payment read back', async () => {
    expect(blocks).toHaveLength(5);
    const [, apiKey = '', create = '', read = ''] = blocks;

    const created = JSON.parse(await bash(`${apiKey}\n${create}`)) as { payment: Payment };
    expect(created.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    const redirectUrl = created.payment.authentication?.redirectUrl ?? '';

    // What README asks of the person: open the bank's page, sign in as sandbox-success, approve.
    const back = await decideOnConsentPage(redirectUrl, 'sandbox-success', 'approve');
    const callback = await fetch(back, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    const landing = new URL(callback.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe('https://shop.example/paid');
    expect(landing.searchParams.get('callbackState')).toBe('cart-17');

    let payment: Payment | undefined;
    for (let attempt = 0; attempt < 40 && payment?.status !== 'INITIATION_COMPLETED'; attempt += 1) {
      if (attempt > 0) await sleep(250);
      const id = created.payment.id.replaceAll("'", '');
      payment = (JSON.parse(await bash(`${apiKey}\nPAYMENT_ID='${id}'\n${read}`)) as { payment: Payment }).payment;
    }
    expect(payment?.id).toBe(created.payment.id);
    expect(payment?.status).toBe('INITIATION_COMPLETED');
  }, 60_000);
});
