import { Module } from '@nestjs/common';
import { TokenRequestTimerProcessor } from './token-request-timer.processor.js';

/** Token request timers (expiry at the end of the authorisation window) on the bank-polling queue. */
@Module({ providers: [TokenRequestTimerProcessor] })
export class TokenRequestTimersModule {}
