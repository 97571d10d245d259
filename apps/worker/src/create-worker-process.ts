import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SystemClock, createHttpApp, type ConnectedConfig } from '#libs/common';
import { BankHttpClient, ConnectorRegistry, createSecretResolver } from '#libs/connectors';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { SigningKeyStore, WebhookSecretStore, signingKeyCipher } from '#libs/events';
import { secretBoxFromConfig } from '#libs/secrets';
import { Metrics, createLogger } from '#libs/observability';
import { BankConnectors, PaymentProgression, paymentRules } from '#libs/payments';
import { ensureProbeScheduled } from './banks/probe-bank-status.usecase.js';
import { JOB_HANDLERS, assertHandlerTable, type JobHandlerTable } from './jobs/job-handlers.js';
import { ensureIdempotencyPurgeScheduled } from './maintenance/purge-idempotency-keys.usecase.js';
import { ensurePurgeScheduled } from './maintenance/purge-revoked-api-keys.usecase.js';
import {
  DEFAULT_PURGE_BATCH_SIZE,
  DEFAULT_PURGE_TIME_BUDGET_MS,
  ensureWebhookPurgeScheduled,
} from './maintenance/purge-webhook-history.usecase.js';
import { QueueSet } from './queues/queue-set.js';
import { SchedulerTick } from './scheduler/scheduler-tick.js';
import { OutboxRelay } from './webhooks/outbox-relay.js';
import { prepareSigningKeys } from './webhooks/prepare-signing-keys.js';
import { LEASE_MARGIN_MS, WebhookMetrics, type WebhookRuntime } from './webhooks/webhook-runtime.js';
import { WebhookSender, type WebhookSenderOptions } from './webhooks/webhook-sender.js';
import { WorkerAppModule } from './worker-app.module.js';

export interface WorkerProcess {
  readonly http: NestFastifyApplication;
  readonly stores: DataStores;
  readonly queues: QueueSet;
  readonly scheduler: SchedulerTick;
  readonly relay: OutboxRelay;
  /** Starts the scheduler tick and the queue consumers. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkerProcessOptions {
  /** BullMQ key prefix (tests isolate themselves with their own). */
  readonly queuePrefix?: string;
  readonly handlers?: JobHandlerTable;
  /** DNS resolution of webhook receivers (tests substitute their own). */
  readonly webhookLookup?: WebhookSenderOptions['lookup'];
}

export async function createWorkerProcess(
  config: ConnectedConfig,
  options: WorkerProcessOptions = {},
): Promise<WorkerProcess> {
  const handlers = options.handlers ?? JOB_HANDLERS;
  assertHandlerTable(handlers);
  const logger = createLogger('worker', config.logLevel);
  const metrics = new Metrics('worker');
  const stores = await openDataStores(config, { service: 'worker' });
  const sender = new WebhookSender({
    environment: config.environment,
    timeoutMs: config.webhooks.attemptTimeoutMs,
    ...(options.webhookLookup === undefined ? {} : { lookup: options.webhookLookup }),
  });
  const secretBox = secretBoxFromConfig(config);
  const webhooks: WebhookRuntime = {
    keys: new SigningKeyStore(
      stores.prisma,
      stores.clock,
      config.webhooks.keyGraceHours * 3600_000,
      signingKeyCipher(secretBox, config),
    ),
    secrets: new WebhookSecretStore(stores.prisma, secretBox),
    sender,
    leaseMs: config.webhooks.attemptTimeoutMs + LEASE_MARGIN_MS,
    wallClock: new SystemClock(),
    metrics: new WebhookMetrics(metrics.registry),
    retention: {
      retentionDays: config.webhooks.retentionDays,
      deadLetterRetentionDays: config.webhooks.deadLetterRetentionDays,
      batchSize: DEFAULT_PURGE_BATCH_SIZE,
      timeBudgetMs: DEFAULT_PURGE_TIME_BUDGET_MS,
    },
  };
  // No secret values are configured yet: `env:` references resolve to an error, probed as DOWN.
  const bankHttp = new BankHttpClient({ logger });
  const bankConnectors = new BankConnectors(
    new ConnectorRegistry({
      http: bankHttp,
      secrets: createSecretResolver(config.bankSecrets),
      nowMs: () => stores.clock.nowMs(),
    }),
  );
  const payments = new PaymentProgression({
    prisma: stores.prisma,
    clock: stores.clock,
    connectors: bankConnectors,
    rules: paymentRules(config),
    logger,
    publicBaseUrl: config.http.publicBaseUrl,
  });
  const context = { prisma: stores.prisma, clock: stores.clock, logger, webhooks, bankConnectors, payments };
  const queues = new QueueSet(
    {
      redisUrl: config.redisUrl,
      prefix: options.queuePrefix ?? config.queuePrefix,
      tracing: config.otel.exporterEndpoint !== undefined,
      queueConcurrency: { webhooks: config.webhooks.concurrency },
    },
    handlers,
    context,
    logger,
  );
  queues.registerMetrics(metrics.registry);
  const scheduler = new SchedulerTick(
    stores.prisma,
    stores.clock,
    queues,
    { tickMs: config.worker.schedulerTickMs, batchSize: config.worker.schedulerBatchSize },
    logger,
  );
  const relay = new OutboxRelay(
    stores.prisma,
    stores.clock,
    queues,
    {
      databaseUrl: config.databaseUrl,
      sweepMs: config.webhooks.sweepMs,
      recoverAfterMs: config.webhooks.recoverAfterMs,
    },
    logger,
  );
  const http = await createHttpApp(WorkerAppModule.register({ config, logger, metrics }, stores), {
    config,
    logger,
    metrics,
  });

  return {
    http,
    stores,
    queues,
    scheduler,
    relay,
    start: async () => {
      await prepareSigningKeys(webhooks.keys, logger, webhooks.secrets);
      await ensurePurgeScheduled(context);
      await ensureIdempotencyPurgeScheduled(context);
      await ensureWebhookPurgeScheduled(context);
      await ensureProbeScheduled(context, config.worker.bankStatusProbeSeconds);
      queues.startWorkers();
      scheduler.start();
      await relay.start();
      logger.info({ queues: [...queues.queues.keys()] }, 'worker started');
    },
    close: async () => {
      await relay.stop();
      await scheduler.stop();
      await queues.close(config.worker.shutdownGraceMs);
      sender.close();
      await bankHttp.close();
      await http.close();
      await closeDataStores(stores);
    },
  };
}
