import cluster from 'node:cluster';
import { ValidationPipe } from '@nestjs/common';
import { AuthGuard, RateLimiter } from '#libs/auth';
import { loadConfig, requireConnections } from '#libs/common';
import { BankHttpClient, ObieConnector } from '#libs/connectors';
import { ApiKeyRepository } from '#libs/db';
import { createApiProcess } from '../../apps/api/src/create-api-process.js';
import { GetPaymentUseCase, InitiatePaymentUseCase, PaymentInitiationChecks } from '#libs/application';
import { serveParent } from '../lib/bench-child.js';
import { StageTimes } from '../lib/stage-times.js';
import { childHandlers, timeRoutes, wrapClients } from './child-instrumentation.js';
import { need } from './child-env.js';
import { ADMIN } from './settings.js';

/**
 * The api as a cluster primary (BENCH_API_WORKERS > 1): forks the workers (the bench's entry
 * again, in the api role), answers the bench once all of them listen, and stops them when asked.
 */
async function runApiPrimary(workers: number): Promise<void> {
  const forked = Array.from({ length: workers }, () => cluster.fork());
  await Promise.all(
    forked.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('exit', (code) =>
            reject(new Error(`api worker exited before it was ready (code ${String(code)})`)),
          );
          worker.on('message', (message: { kind?: string }) => {
            if (message.kind === 'ready') resolve();
          });
        }),
    ),
  );
  serveParent({}, async () => {
    await Promise.all(
      forked.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.send({ id: 0, type: 'stop' });
          }),
      ),
    );
  });
}

/** The stages a --profile run times in the api, wrapped only once it asks for them. */
function wrapApiStages(stages: StageTimes): void {
  const missing = [
    stages.wrap(
      AuthGuard.prototype,
      'canActivate',
      'auth guard (credential cache, one Redis call; on a miss: generation read + key lookup)',
    ),
    stages.wrap(RateLimiter.prototype, 'gate', 'auth: Redis gate (generation + single-use key + rate limit)'),
    stages.wrap(RateLimiter.prototype, 'generation', 'auth: Redis credentials generation read (cache miss only)'),
    stages.wrap(
      ApiKeyRepository.prototype,
      'findActiveByHash',
      'auth: API key + member lookup (Prisma, cache miss only)',
    ),
    stages.wrap(
      ApiKeyRepository.prototype,
      'touch',
      'auth: API key last-used touch (Prisma, not awaited, once a minute)',
    ),
    stages.wrap(ValidationPipe.prototype, 'transform', 'validation pipe (per parameter)'),
    stages.wrap(InitiatePaymentUseCase.prototype, 'execute', 'initiate use case (all below)'),
    stages.wrapPrivate(
      PaymentInitiationChecks.prototype,
      'bankOf',
      'initiate: bank catalogue lookup (memory, Prisma every 10 s)',
    ),
    stages.wrap(ObieConnector.prototype, 'initiatePayment', 'initiate: bank step (token + consent + authorize URL)'),
    stages.wrap(BankHttpClient.prototype, 'send', 'bank: HTTP call to the sandbox bank'),
    stages.wrapPrivate(
      InitiatePaymentUseCase.prototype,
      'store',
      'initiate: one statement (insert + outbox + timer + NOTIFY)',
    ),
    stages.wrapPrivate(
      InitiatePaymentUseCase.prototype,
      'record',
      'initiate: the bank answer recorded (one statement: update + outbox + timer)',
    ),
    stages.wrap(GetPaymentUseCase.prototype, 'execute', 'get use case'),
  ]
    .map((wrapped, index) => (wrapped ? undefined : index))
    .filter((index) => index !== undefined);
  if (missing.length > 0)
    process.stderr.write(`[bench] api: ${missing.length} stage(s) not found (renamed?): #${missing.join(', #')}\n`);
  wrapClients(stages);
}

/** The api role: the gateway's api (and admin) process, or its cluster primary. */
export async function runApi(): Promise<void> {
  const workers = Number(process.env['BENCH_API_WORKERS'] ?? '1');
  if (workers > 1 && cluster.isPrimary) return runApiPrimary(workers);
  const config = requireConnections(
    loadConfig({
      DATABASE_URL: need('BENCH_DATABASE_URL'),
      REDIS_URL: need('BENCH_REDIS_URL'),
      SANDBOX_BANK_URL: need('BENCH_SANDBOX_BANK_URL'),
      PUBLIC_BASE_URL: `http://127.0.0.1:${need('BENCH_PORT')}`,
      PORT: need('BENCH_PORT'),
      ADMIN_PORT: need('BENCH_ADMIN_PORT'),
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READ_PER_MINUTE: '10000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '10000000',
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '10000000',
    }),
  );
  const api = await createApiProcess(config);
  const stages = new StageTimes();
  timeRoutes(api.api, stages, 'api:');
  // Wrapped only once a profile run asks for stages, so the headline figures run unwrapped.
  await api.api.listen(Number(need('BENCH_PORT')), '127.0.0.1');
  await api.admin.listen(Number(need('BENCH_ADMIN_PORT')), '127.0.0.1');
  serveParent(
    childHandlers(stages, () => wrapApiStages(stages)),
    () => api.close(),
  );
}
