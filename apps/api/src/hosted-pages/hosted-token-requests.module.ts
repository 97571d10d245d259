import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule } from '#libs/application';
import { WebhookKeysModule } from '../webhooks/webhook-keys.module.js';
import { HostedTokenRequestsController } from './hosted-token-requests.controller.js';
import { SubmitHostedTokenRequestCredentialsUseCase } from './submit-hosted-token-request-credentials.usecase.js';

/** The hosted pages of token requests: bank selection (requestOptions.tokenInternal.usingWebApp) and embedded steps. */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhookKeysModule])],
  controllers: [HostedTokenRequestsController],
  providers: [SubmitHostedTokenRequestCredentialsUseCase],
})
export class HostedTokenRequestsModule {}
