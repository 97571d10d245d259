import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { requireAdminToken, type ConnectedConfig } from '#libs/common';
import { sandboxAdminToken } from './admin/sandbox-admin-token.js';

/** A worker that dies this soon after it was started is not restarted at once (a crash loop). */
const RESTART_BACKOFF_MS = 1000;

/**
 * The primary of an api with API_WORKERS > 1: starts that many api processes (each listening on
 * the public and admin ports, which node:cluster shares), starts a new one when one dies, and on
 * shutdown stops them all (SIGTERM, each draining its requests) before it exits. Every worker
 * gets the same ADMIN_TOKEN: a sandbox without one reads or generates it here, once (sandboxAdminToken).
 */
export class ApiCluster {
  private stopping = false;
  private readonly env: Record<string, string>;

  constructor(
    private readonly config: ConnectedConfig,
    private readonly logger: Logger,
  ) {
    requireAdminToken(config);
    this.env = { ADMIN_TOKEN: sandboxAdminToken(config, logger) };
  }

  start(): void {
    cluster.on('exit', (worker, code, signal) => this.onExit(worker, code, signal));
    for (let i = 0; i < this.config.api.workers; i += 1) this.fork();
    this.logger.info({ workers: this.config.api.workers }, 'api workers started');
  }

  /** Stops every worker, waiting at most the shutdown grace (then SIGKILL). */
  async stop(): Promise<void> {
    this.stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(workers.map((worker) => this.stopWorker(worker)));
  }

  private fork(): void {
    const worker = cluster.fork(this.env);
    worker.once('online', () => this.logger.debug({ pid: worker.process.pid }, 'api worker online'));
    // Each port a worker takes connections on: until then the primary hands it none.
    worker.on('listening', (address) =>
      this.logger.info({ workerPid: worker.process.pid, port: address.port }, 'api worker listening'),
    );
  }

  private onExit(worker: Worker, code: number | null, signal: string | null): void {
    if (this.stopping) return;
    this.logger.error({ pid: worker.process.pid, code, signal }, 'api worker exited; starting another');
    setTimeout(() => {
      if (!this.stopping) this.fork();
    }, RESTART_BACKOFF_MS).unref();
  }

  private stopWorker(worker: Worker): Promise<void> {
    if (worker.isDead()) return Promise.resolve();
    return new Promise((done) => {
      const killer = setTimeout(() => worker.process.kill('SIGKILL'), this.config.worker.shutdownGraceMs + 5000);
      worker.once('exit', () => {
        clearTimeout(killer);
        done();
      });
      worker.process.kill('SIGTERM');
    });
  }
}
