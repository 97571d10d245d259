import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { TokenRequestCallbacks } from '../token-request-callbacks.js';
import { HostedTokenRequestsController } from './hosted-token-requests.controller.js';

/**
 * A token request in the user's browser: the hosted pages (bank selection for
 * requestOptions.tokenInternal.usingWebApp, embedded and decoupled steps) and the request's end of
 * the bank callback. The result's signature is made with the webhook signing key.
 */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhooksApplicationModule])],
  controllers: [HostedTokenRequestsController],
  providers: [TokenRequestCallbacks],
})
export class HostedTokenRequestsModule {}
