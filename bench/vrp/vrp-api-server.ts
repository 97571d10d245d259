import cluster from 'node:cluster';
import { ValidationPipe } from '@nestjs/common';
import { AuthGuard } from '#libs/auth';
import { InitiateVrpUseCase, PaymentProgression } from '#libs/application';
import { loadConfig, requireConnections } from '#libs/common';
import { BankHttpClient } from '#libs/connectors';
import { PaymentRepository, VrpConsentRepository } from '#libs/db';
import { createApiProcess } from '../../apps/api/src/create-api-process.js';
import { VrpPaymentBank } from '../../libs/application/src/vrps/vrp-payment-bank.js';
import { serveParent } from '../lib/bench-child.js';
import { StageTimes } from '../lib/stage-times.js';
import { runApi } from '../payments/api-server.js';
import { need } from '../payments/child-env.js';
import { childHandlers, timeRoutes, wrapClients } from '../payments/child-instrumentation.js';
import { ADMIN } from '../payments/settings.js';

/** The stages a --profile run times in the api along a VRP, wrapped only once it asks for them. */
function wrapVrpStages(stages: StageTimes): void {
  const wrapped = [
    stages.wrap(AuthGuard.prototype, 'canActivate', 'auth guard'),
    stages.wrap(ValidationPipe.prototype, 'transform', 'validation pipe (per parameter)'),
    stages.wrap(InitiateVrpUseCase.prototype, 'execute', 'VRP use case (all below)'),
    stages.wrapPrivate(InitiateVrpUseCase.prototype, 'consentOf', 'vrp: the consent read (Prisma, no lock)'),
    stages.wrapPrivate(InitiateVrpUseCase.prototype, 'bankOf', 'vrp: bank catalogue lookup'),
    stages.wrapPrivate(
      InitiateVrpUseCase.prototype,
      'storeWithinLimits',
      'vrp: payment stored within the limits (one statement: consent locked, limits, insert, 2 events, timer, check)',
    ),
    stages.wrapPrivate(
      InitiateVrpUseCase.prototype,
      'store',
      'vrp: locked decision + payment stored after a refusal (interactive transaction: lock, VRPs read, insert, 2 events, timer)',
    ),
    stages.wrap(VrpConsentRepository.prototype, 'lock', 'vrp: consent row locked (waits for the VRPs ahead)'),
    stages.wrap(PaymentRepository.prototype, 'vrpsCounted', "vrp: the consent's VRPs read for the limits"),
    stages.wrap(VrpPaymentBank.prototype, 'initiateUnder', 'vrp: bank step (grant opened, call)'),
    stages.wrap(BankHttpClient.prototype, 'send', 'bank: HTTP call to the sandbox bank'),
    stages.wrapPrivate(
      InitiateVrpUseCase.prototype,
      'answer',
      'vrp: the bank answer recorded (one statement: update, 2 events, timer, check ended)',
    ),
    stages.wrap(
      PaymentProgression.prototype,
      'answerInitiation',
      'vrp: the bank answer recorded the locked way (interactive transaction: payment locked, update, 2 events, timer)',
    ),
  ];
  const missing = wrapped.flatMap((done, index) => (done ? [] : [index]));
  if (missing.length > 0)
    process.stderr.write(`[bench] api: ${missing.length} stage(s) not found (renamed?): #${missing.join(', #')}\n`);
  wrapClients(stages);
}

/**
 * The api role of the VRP bench: the gateway's api (and admin) process, with the VRP path's
 * stages for a --profile run. With several api processes the cluster primary is the Payments
 * bench's, which forks this entry again for each worker.
 */
export async function runVrpApi(): Promise<void> {
  const workers = Number(process.env['BENCH_API_WORKERS'] ?? '1');
  if (workers > 1 && cluster.isPrimary) return runApi();
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
  await api.api.listen(Number(need('BENCH_PORT')), '127.0.0.1');
  await api.admin.listen(Number(need('BENCH_ADMIN_PORT')), '127.0.0.1');
  serveParent(
    childHandlers(stages, () => wrapVrpStages(stages)),
    () => api.close(),
  );
}
