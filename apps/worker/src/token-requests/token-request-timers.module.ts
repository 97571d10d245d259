import { Module } from '@nestjs/common';
import { TokenRequestsApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { TokenRequestTimerProcessor } from './token-request-timer.processor.js';

/**
 * Token request timers (decoupled approval polls, expiry at the end of the authorisation window)
 * on the bank-polling queue. The signing keys come from WebhooksApplicationModule.
 */
@Module({
  imports: [TokenRequestsApplicationModule.register([WebhooksApplicationModule])],
  providers: [TokenRequestTimerProcessor],
})
export class TokenRequestTimersModule {}
