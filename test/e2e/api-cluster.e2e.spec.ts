import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '#libs/common';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { freshDatabaseUrl } from '../support/test-env.js';

const ADMIN_TOKEN = 'cluster-test-admin-token-0123456789abcdef';

/** Pids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => Number.isInteger(child) && child > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/** The pids of the workers that said they take connections on `port` (the primary's log). */
function listeningOn(output: string, port: number): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.includes('api worker listening')) continue;
    try {
      const entry = JSON.parse(line) as { workerPid?: number; port?: number; msg?: string };
      if (entry.msg === 'api worker listening' && entry.port === port && entry.workerPid !== undefined)
        pids.add(entry.workerPid);
    } catch {
      // not a log line of the primary
    }
  }
  return pids;
}

async function eventually<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

describe('API_WORKERS: several api processes on one host', () => {
  let api: SpawnedProcess;
  let base: string;
  let adminBase: string;
  let publicPort: number;

  beforeAll(async () => {
    const root = projectRoot();
    const [port, adminPort] = [await freePort(), await freePort()];
    publicPort = port;
    base = `http://127.0.0.1:${port}`;
    adminBase = `http://127.0.0.1:${adminPort}`;
    api = new SpawnedProcess(
      process.execPath,
      [join(root, 'dist/apps/api/src/main.js')],
      envWithout([], {
        DATABASE_URL: await freshDatabaseUrl(),
        REDIS_URL: inject('redisUrl'),
        PORT: String(port),
        ADMIN_PORT: String(adminPort),
        ADMIN_TOKEN,
        API_WORKERS: '2',
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '2000',
      }),
      root,
    );
    const ready = await eventually(
      () =>
        fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      30_000,
    );
    expect(ready, api.output.slice(-2000)).toBe(200);
    // Both workers take connections before any test counts on them (one may still be starting
    // when the first answers /readyz).
    const listening = await eventually(
      () => listeningOn(api.output, publicPort),
      (pids) => pids.size === 2,
      30_000,
    );
    expect([...listening], api.output.slice(-2000)).toHaveLength(2);
  });
  afterAll(async () => {
    if (api.child.exitCode === null) await api.stop('SIGKILL', 5000);
  });

  it('runs two workers sharing the ports; authenticated requests over fresh connections all succeed', async () => {
    const pid = api.child.pid ?? -1;
    const workers = await eventually(
      () => childrenOf(pid),
      (pids) => pids.length === 2,
      10_000,
    );
    expect(workers).toHaveLength(2);

    const created = await fetch(`${adminBase}/admin/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cluster TPP' }),
    });
    expect(created.status).toBe(200);
    const { member, apiKey } = (await created.json()) as { member: { id: string }; apiKey: string };
    // The primary hands new connections to the workers in turn.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/member/${member.id}/keys`, {
          headers: { authorization: `Basic ${apiKey}`, connection: 'close' },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('starts a new worker when one dies, and keeps answering meanwhile', async () => {
    const pid = api.child.pid ?? -1;
    const [victim, survivor] = childrenOf(pid);
    expect(victim).toBeDefined();
    process.kill(victim, 'SIGKILL');
    // Once the primary has seen the death: a connection node:cluster hands to a worker in the very
    // instant it is killed is lost with it (the client's timeout covers that), so "meanwhile" is
    // the replacement's start-up, answered by the survivor.
    await api.waitForOutput(/api worker exited; starting another/, 5000);
    expect(
      (await fetch(`${base}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) })).status,
    ).toBe(200);
    const replaced = await eventually(
      () => childrenOf(pid),
      (pids) => pids.length === 2 && !pids.includes(victim),
      15_000,
    );
    expect(replaced).toContain(survivor);
    expect(replaced).not.toContain(victim);
    const replacement = replaced.find((child) => child !== survivor) ?? -1;
    const listening = await eventually(
      () => listeningOn(api.output, publicPort),
      (pids) => pids.has(replacement),
      30_000,
    );
    expect(listening.has(replacement)).toBe(true);
  });

  it('SIGTERM to the primary stops every worker, then the primary exits 0', async () => {
    const pid = api.child.pid ?? -1;
    const workers = childrenOf(pid);
    expect(await api.stop('SIGTERM', 20_000)).toBe(0);
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow();
  });
});
