import { Module } from '@nestjs/common';
import { MaintenanceApplicationModule, WebhookDeliveryApplicationModule } from '#libs/application';
import { PurgeAccountInformationProcessor } from './purge-account-information.processor.js';
import { PurgeIdempotencyKeysProcessor } from './purge-idempotency-keys.processor.js';
import { PurgeRevokedApiKeysProcessor } from './purge-revoked-api-keys.processor.js';
import { PurgeWebhookHistoryProcessor } from './purge-webhook-history.processor.js';

/** Retention jobs on the timers queue; each reschedules itself and seeds its first timer at start. */
@Module({
  imports: [MaintenanceApplicationModule, WebhookDeliveryApplicationModule],
  providers: [
    PurgeRevokedApiKeysProcessor,
    PurgeIdempotencyKeysProcessor,
    PurgeWebhookHistoryProcessor,
    PurgeAccountInformationProcessor,
  ],
})
export class MaintenanceModule {}
