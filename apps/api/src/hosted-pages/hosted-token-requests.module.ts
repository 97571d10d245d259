import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { HostedTokenRequestsController } from './hosted-token-requests.controller.js';
import { SubmitHostedTokenRequestCredentialsUseCase } from './submit-hosted-token-request-credentials.usecase.js';

/** The hosted pages of token requests: bank selection (requestOptions.tokenInternal.usingWebApp) and embedded steps. */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhooksApplicationModule])],
  controllers: [HostedTokenRequestsController],
  providers: [SubmitHostedTokenRequestCredentialsUseCase],
})
export class HostedTokenRequestsModule {}
