import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule } from '#libs/application';
import { WebhookKeysModule } from '../webhooks/webhook-keys.module.js';
import { HostedTokenRequestsController } from './hosted-token-requests.controller.js';

/** The hosted bank selection of token requests (requestOptions.tokenInternal.usingWebApp). */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhookKeysModule])],
  controllers: [HostedTokenRequestsController],
})
export class HostedTokenRequestsModule {}
