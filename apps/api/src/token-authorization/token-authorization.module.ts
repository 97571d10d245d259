import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { TokenRequestAuthorizationController } from './token-request-authorization.controller.js';
import { TokenRequestCallbacks } from './token-request-callbacks.js';

/**
 * A token request's bank authorisation: POST /token-requests/{id}/authorization and the
 * request's end of the bank callback. The result's signature is made with the webhook signing key.
 */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhooksApplicationModule])],
  controllers: [TokenRequestAuthorizationController],
  providers: [TokenRequestCallbacks],
})
export class TokenAuthorizationModule {}
