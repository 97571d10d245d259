import { Module } from '@nestjs/common';
import { WebhooksApplicationModule } from '#libs/application';
import { JwksController } from './jwks.controller.js';
import { WebhookConfigController } from './webhook-config.controller.js';

/** Public webhook routes: the member's configuration, its secret's rotation, and the signing keys' JWKS. */
@Module({
  imports: [WebhooksApplicationModule],
  controllers: [WebhookConfigController, JwksController],
})
export class WebhooksModule {}
