import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { LAUNCHER, launcherEnv, startLauncher, type LauncherPorts } from '../support/launcher.js';
import { SpawnedProcess } from '../support/spawned-process.js';

const root = projectRoot();
const launcher = LAUNCHER;

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

function processesUsing(dataDir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dataDir));
}

describe('npm start (the launcher) with nothing set up', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: LauncherPorts;

  beforeAll(async () => {
    expect(existsSync(launcher), 'run `npm run build` first: the launcher runs from dist/').toBe(true);
    dataDir = await mkdtemp(join(tmpdir(), 'gateway-start-'));
    await chmod(dataDir, 0o755);
    ({ env, ports } = await launcherEnv(dataDir));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const startOnce = (): ReturnType<typeof startLauncher> => startLauncher(env);

  it('brings everything up, prints where it is, and stops it all on Ctrl-C; a second start reuses the data', async () => {
    const first = await startOnce();
    const out = first.launcher.output;
    expect(out).toContain(`http://127.0.0.1:${ports.api}/docs`);
    expect(out).toContain(`http://127.0.0.1:${ports.api}/openapi.json`);
    expect(out).toMatch(new RegExp(`Admin\\s+http://127\\.0\\.0\\.1:${ports.admin}/admin/docs`));
    expect(out).toMatch(/Admin token\s+\S{40,}/);
    // A generated key-encryption key for the webhook signing keys, kept like the admin token.
    const keyFile = join(dataDir, 'webhook-key-encryption-key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const keyEncryptionKey = await readFile(keyFile, 'utf8');
    expect(Buffer.from(keyEncryptionKey, 'base64url')).toHaveLength(32);
    expect(first.memberId).toMatch(/^m:[1-9A-HJ-NP-Za-km-z]{24}$/);
    expect(first.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await status(`http://127.0.0.1:${ports.api}/readyz`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.api}/openapi.json`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.api}/docs`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.admin}/admin/openapi.json`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.worker}/readyz`)).toBe(200);
    expect(await status(`http://127.0.0.1:${ports.bank}/readyz`)).toBe(200);
    expect(processesUsing(dataDir).length).toBeGreaterThan(0);

    expect(await first.launcher.stop('SIGINT', 60_000)).toBe(0);
    expect(await status(`http://127.0.0.1:${ports.api}/healthz`)).toBe(0);
    expect(await status(`http://127.0.0.1:${ports.worker}/healthz`)).toBe(0);
    expect(await status(`http://127.0.0.1:${ports.bank}/healthz`)).toBe(0);
    expect(processesUsing(dataDir)).toEqual([]);

    const second = await startOnce();
    try {
      expect(second.launcher.output).toMatch(/migrations: 0 applied, \d+ already in place/);
      expect(second.memberId).toBe(first.memberId);
      expect(second.apiKey).toBe(first.apiKey);
      expect(await readFile(keyFile, 'utf8')).toBe(keyEncryptionKey);
      expect(await status(`http://127.0.0.1:${ports.api}/readyz`)).toBe(200);
    } finally {
      expect(await second.launcher.stop('SIGTERM', 60_000)).toBe(0);
    }
    expect(processesUsing(dataDir)).toEqual([]);
  }, 240_000);

  it('fails fast naming a bad variable', async () => {
    const proc = new SpawnedProcess(process.execPath, [launcher], { ...env, PORT: 'eighty' }, root);
    await proc.waitForOutput(/PORT must be an integer/, 20_000);
    expect(await proc.stop('SIGTERM', 20_000)).not.toBe(0);
  }, 30_000);
});
