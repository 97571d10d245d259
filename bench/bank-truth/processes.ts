import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '#libs/common';
import { freePortOnLoopback as freePort } from '../free-port.js';

export const ADMIN_TOKEN = 'bank-truth-admin-token-0123456789abcdef';

/** How long a (re)started process may take to answer its readiness. */
const START_ALLOWANCE_MS = 300_000;

export type ServiceName = 'sandbox-bank' | 'api' | 'worker';

const ENTRIES: Readonly<Record<ServiceName, string>> = {
  'sandbox-bank': 'dist/apps/sandbox-bank/src/main.js',
  api: 'dist/apps/api/src/main.js',
  worker: 'dist/apps/worker/src/main.js',
};

/**
 * The built sandbox bank, api and worker as separate processes on one Postgres and Redis, so any
 * of them can be killed with SIGKILL and started again.
 */
export class GatewayProcesses {
  private readonly children = new Map<ServiceName, ChildProcess>();
  /** The last lines each process wrote, for a failure's message. */
  private readonly output = new Map<ServiceName, string>();

  private constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly readyUrls: Readonly<Record<ServiceName, string>>,
    readonly apiUrl: string,
    readonly adminUrl: string,
    readonly sandboxUrl: string,
  ) {}

  static async start(
    databaseUrl: string,
    redisUrl: string,
    extraEnv: Readonly<Record<string, string>> = {},
  ): Promise<GatewayProcesses> {
    const [api, admin, worker, bank] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const local = (port: number): string => `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT']) delete env[name];
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ADMIN_TOKEN,
      PORT: String(api),
      ADMIN_PORT: String(admin),
      WORKER_PORT: String(worker),
      SANDBOX_BANK_PORT: String(bank),
      SANDBOX_BANK_URL: local(bank),
      PUBLIC_BASE_URL: local(api),
      WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      QUEUE_PREFIX: `truth-${randomBytes(4).toString('hex')}`,
      SCHEDULER_TICK_MS: '100',
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '1000',
      ...extraEnv,
    });
    const processes = new GatewayProcesses(
      env,
      { 'sandbox-bank': `${local(bank)}/readyz`, api: `${local(api)}/readyz`, worker: `${local(worker)}/readyz` },
      local(api),
      local(admin),
      local(bank),
    );
    await processes.startService('sandbox-bank');
    await processes.startService('api');
    await processes.startService('worker');
    return processes;
  }

  async startService(name: ServiceName): Promise<void> {
    const child = spawn(process.execPath, [join(projectRoot(), ENTRIES[name])], {
      cwd: projectRoot(),
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer): void =>
      void this.output.set(name, ((this.output.get(name) ?? '') + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.children.set(name, child);
    if (!(await this.answersReady(name, () => child.exitCode !== null)))
      throw new Error(`${name} did not start:\n${this.output.get(name) ?? ''}`);
  }

  /**
   * Resolves once the service answers its readiness with 200 (a restarted one included); throws
   * when it does not within the start's allowance. What a client does before sending again.
   */
  async waitReady(name: ServiceName): Promise<void> {
    if (!(await this.answersReady(name, () => false)))
      throw new Error(`${name} is not ready:\n${this.output.get(name) ?? ''}`);
  }

  private async answersReady(name: ServiceName, exited: () => boolean): Promise<boolean> {
    // Generous: a loaded machine starts a Nest process slowly.
    const deadline = Date.now() + START_ALLOWANCE_MS;
    while (Date.now() < deadline) {
      if (exited()) return false;
      const status = await fetch(this.readyUrls[name], { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return true;
      await sleep(100);
    }
    return false;
  }

  /** kill -9, then a fresh process in its place, ready. */
  async killAndRestart(name: ServiceName): Promise<void> {
    await this.kill(name, 'SIGKILL');
    await this.startService(name);
  }

  async stop(): Promise<void> {
    for (const name of ['worker', 'api', 'sandbox-bank'] as const) await this.kill(name, 'SIGTERM');
  }

  private async kill(name: ServiceName, signal: NodeJS.Signals): Promise<void> {
    const child = this.children.get(name);
    this.children.delete(name);
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  }
}
