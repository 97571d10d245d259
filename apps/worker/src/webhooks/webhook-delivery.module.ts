import { Module } from '@nestjs/common';
import { WebhookDeliveryApplicationModule } from '#libs/application';
import { DeliverWebhookProcessor } from './deliver-webhook.processor.js';

/** Webhook delivery attempts (webhooks queue); loads the signing keys at start. */
@Module({ imports: [WebhookDeliveryApplicationModule], providers: [DeliverWebhookProcessor] })
export class WebhookDeliveryModule {}
