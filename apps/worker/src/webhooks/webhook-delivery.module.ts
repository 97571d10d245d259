import { Module } from '@nestjs/common';
import { DeliverWebhookProcessor } from './deliver-webhook.processor.js';

/** Webhook delivery attempts (webhooks queue); loads the signing keys at start. */
@Module({ providers: [DeliverWebhookProcessor] })
export class WebhookDeliveryModule {}
