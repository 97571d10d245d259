import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller.js';
import { WebhookConfigController } from './webhook-config.controller.js';
import { WebhookConfigUseCases } from './webhook-config.usecases.js';
import { WebhookKeysModule } from './webhook-keys.module.js';

/** Public webhook routes: the member's configuration and the signing keys' JWKS. */
@Module({
  imports: [WebhookKeysModule],
  controllers: [WebhookConfigController, JwksController],
  providers: [WebhookConfigUseCases],
})
export class WebhooksModule {}
