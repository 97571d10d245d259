import { Module } from '@nestjs/common';
import { APP_CONFIG, METRICS, SystemClock, type AppConfig } from '#libs/common';
import { SigningKeyStore, WebhookSecretStore, WebhookSender } from '#libs/events';
import type { Registry } from 'prom-client';
import { DeliverWebhookUseCase } from './deliver-webhook.usecase.js';
import {
  DEFAULT_PURGE_BATCH_SIZE,
  DEFAULT_PURGE_TIME_BUDGET_MS,
  PurgeWebhookHistoryUseCase,
} from './purge-webhook-history.usecase.js';
import { LEASE_MARGIN_MS, WEBHOOK_RUNTIME, WebhookMetrics, type WebhookRuntime } from './webhook-runtime.js';
import { WebhooksApplicationModule } from './webhooks-application.module.js';

/**
 * Webhook delivery and its retention, as the worker runs them. The process provides the
 * WebhookSender (its HTTP client, closed at shutdown).
 */
@Module({
  imports: [WebhooksApplicationModule],
  providers: [
    {
      provide: WEBHOOK_RUNTIME,
      inject: [SigningKeyStore, WebhookSecretStore, WebhookSender, METRICS, APP_CONFIG],
      useFactory: (
        keys: SigningKeyStore,
        secrets: WebhookSecretStore,
        sender: WebhookSender,
        metrics: { readonly registry: Registry },
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
    DeliverWebhookUseCase,
    PurgeWebhookHistoryUseCase,
  ],
  exports: [WEBHOOK_RUNTIME, DeliverWebhookUseCase, PurgeWebhookHistoryUseCase, WebhooksApplicationModule],
})
export class WebhookDeliveryApplicationModule {}
