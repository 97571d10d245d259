import { Module } from '@nestjs/common';
import { PollPaymentProcessor } from './poll-payment.processor.js';

/** Payment status polls and timers (expiry, polling limit) on the bank-polling queue. */
@Module({ providers: [PollPaymentProcessor] })
export class PaymentPollingModule {}
