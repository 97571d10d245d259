import { BankTruthModule } from './bank-truth/bank-truth.module.js';
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { HealthController, MetricsController, PlatformModule, type PlatformObjects } from '#libs/common';
import {
  PaymentLinksApplicationModule,
  SealedRecordsModule,
  SettlementApplicationModule,
  VrpsApplicationModule,
} from '#libs/application';
import { DbModule, type DataStores } from '#libs/db';
import { BankStatusModule } from './banks/bank-status.module.js';
import { MaintenanceModule } from './maintenance/maintenance.module.js';
import { TransferPollingModule } from './transfers/transfer-polling.module.js';
import { PaymentLinkExpiryModule } from './payment-links/payment-link-expiry.module.js';
import { VrpConsentExpiryModule } from './vrp-consents/vrp-consent-expiry.module.js';
import { TokenRequestTimersModule } from './token-requests/token-request-timers.module.js';
import { PaymentPollingModule } from './payments/payment-polling.module.js';
import { PayoutPollingModule } from './payouts/payout-polling.module.js';
import { QueuesModule, type QueuesModuleOptions } from './queues/queues.module.js';
import { RefundPollingModule } from './refunds/refund-polling.module.js';
import { SchedulerModule } from './scheduler/scheduler.module.js';
import { SettlementReconciliationModule } from './settlement/settlement-reconciliation.module.js';
import { SettlementIntakeModule } from './settlement/settlement-intake.module.js';
import { SettlementRuleRunsModule } from './settlement-rules/settlement-rule-runs.module.js';
import { OutboxRelayModule } from './webhooks/outbox-relay.module.js';
import { WebhookDeliveryModule } from './webhooks/webhook-delivery.module.js';
import { WebhookSenderModule, type WebhookSenderModuleOptions } from './webhooks/webhook-sender.module.js';
import { WorkerRunner } from './worker-runner.js';

/**
 * The modules holding the worker's job processors, one per domain. Their start-up tasks run in
 * this order (signing keys first: a key that cannot be opened stops the start).
 */
export const WORKER_DOMAINS: readonly Type[] = [
  WebhookDeliveryModule,
  MaintenanceModule,
  BankStatusModule,
  PaymentPollingModule,
  TransferPollingModule,
  TokenRequestTimersModule,
  PaymentLinkExpiryModule,
  VrpConsentExpiryModule,
  RefundPollingModule,
  SettlementReconciliationModule,
  PayoutPollingModule,
  SettlementIntakeModule,
  SettlementRuleRunsModule,
  BankTruthModule,
];

export interface WorkerAppOptions {
  readonly platform: PlatformObjects;
  readonly stores: DataStores;
  readonly queues?: QueuesModuleOptions;
  readonly webhookSender?: WebhookSenderModuleOptions;
  /** The domain modules (WORKER_DOMAINS unless given). */
  readonly domains?: readonly Type[];
}

/**
 * The worker: BullMQ queues and their consumers, the processors of every domain, the scheduler
 * tick and the outbox relay; its only HTTP surface is /healthz, /readyz and /metrics on WORKER_PORT.
 */
@Module({})
export class WorkerAppModule {
  static register(options: WorkerAppOptions): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [
        PlatformModule.forRoot(options.platform),
        DbModule.forRoot(options.stores),
        QueuesModule.forRoot(options.queues),
        WebhookSenderModule.forRoot(options.webhookSender),
        SchedulerModule,
        OutboxRelayModule,
        SealedRecordsModule,
        // The extensions of payments and transfers, plugged as these modules start, whichever
        // domains run: VRP payments' polls, asking the bank again and events; settlement windows;
        // payment links' uses given back.
        VrpsApplicationModule,
        SettlementApplicationModule,
        PaymentLinksApplicationModule,
        ...(options.domains ?? WORKER_DOMAINS),
      ],
      controllers: [HealthController, MetricsController],
      providers: [WorkerRunner],
    };
  }
}
