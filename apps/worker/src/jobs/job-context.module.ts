import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, METRICS, SystemClock, type AppConfig } from '#libs/common';
import { BankConnectors } from '#libs/connectors';
import { REPOSITORIES, WebhookSecretRepository, WebhookSigningKeyRepository, type Repositories } from '#libs/db';
import { SigningKeyStore, WebhookSecretStore, signingKeyCipher } from '#libs/events';
import { SecretBox, SecretsModule } from '#libs/secrets';
import type { Metrics } from '#libs/observability';
import { PaymentProgression, TransfersApplicationModule, VrpsApplicationModule } from '#libs/application';
import {
  DEFAULT_PURGE_BATCH_SIZE,
  DEFAULT_PURGE_TIME_BUDGET_MS,
} from '../maintenance/purge-webhook-history.usecase.js';
import { LEASE_MARGIN_MS, WebhookMetrics, type WebhookRuntime } from '../webhooks/webhook-runtime.js';
import { WebhookSender, type WebhookSenderOptions } from '../webhooks/webhook-sender.js';
import { JOB_CONTEXT, type JobContext } from './job-context.js';

export interface JobContextModuleOptions {
  /** DNS resolution of webhook receivers (tests substitute their own). */
  readonly webhookLookup?: WebhookSenderOptions['lookup'];
}

const WEBHOOK_RUNTIME = Symbol('WEBHOOK_RUNTIME');

/**
 * What every job processor may use (JobContext): the database and clock, the logger, webhook
 * signing and sending, the bank connectors and payment progression. Closes the webhook sender at
 * shutdown (BankHttpLifecycle closes the bank client).
 */
@Global()
@Module({})
export class JobContextModule implements OnApplicationShutdown {
  constructor(private readonly sender: WebhookSender) {}

  static forRoot(options: JobContextModuleOptions = {}): DynamicModule {
    return {
      module: JobContextModule,
      // The bank HTTP client, the connectors and the payment and transfer progressions, as the api has
      // them, with VRP payments plugged into payments (their bank calls, for polls and asking again).
      imports: [SecretsModule, TransfersApplicationModule, VrpsApplicationModule],
      providers: [
        {
          provide: WebhookSender,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            new WebhookSender({
              environment: config.environment,
              timeoutMs: config.webhooks.attemptTimeoutMs,
              lookup: options.webhookLookup,
            }),
        },
        {
          provide: SigningKeyStore,
          inject: [WebhookSigningKeyRepository, Clock, APP_CONFIG, SecretBox],
          useFactory: (keys: WebhookSigningKeyRepository, clock: Clock, config: AppConfig, box: SecretBox) =>
            new SigningKeyStore(keys, clock, config.webhooks.keyGraceHours * 3600_000, signingKeyCipher(box, config)),
        },
        {
          provide: WebhookSecretStore,
          inject: [WebhookSecretRepository, SecretBox],
          useFactory: (secrets: WebhookSecretRepository, box: SecretBox) => new WebhookSecretStore(secrets, box),
        },
        {
          provide: WEBHOOK_RUNTIME,
          inject: [SigningKeyStore, WebhookSecretStore, WebhookSender, METRICS, APP_CONFIG],
          useFactory: (
            keys: SigningKeyStore,
            secrets: WebhookSecretStore,
            sender: WebhookSender,
            metrics: Metrics,
            config: AppConfig,
          ): WebhookRuntime => ({
            keys,
            secrets,
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
          }),
        },
        {
          provide: JOB_CONTEXT,
          inject: [REPOSITORIES, Clock, LOGGER, WEBHOOK_RUNTIME, BankConnectors, PaymentProgression],
          useFactory: (
            repositories: Repositories,
            clock: Clock,
            logger: Logger,
            webhooks: WebhookRuntime,
            bankConnectors: BankConnectors,
            payments: PaymentProgression,
          ): JobContext => ({ repositories, clock, logger, webhooks, bankConnectors, payments }),
        },
      ],
      exports: [JOB_CONTEXT, SigningKeyStore, TransfersApplicationModule],
    };
  }

  onApplicationShutdown(): void {
    this.sender.close();
  }
}
