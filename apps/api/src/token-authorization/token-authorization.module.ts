import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { TokenRequestAuthorizationController } from './token-request-authorization.controller.js';

/**
 * A token request's bank authorisation: POST /token-requests/{id}/authorization. The result's
 * signature is made with the webhook signing key.
 */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhooksApplicationModule])],
  controllers: [TokenRequestAuthorizationController],
})
export class TokenAuthorizationModule {}
