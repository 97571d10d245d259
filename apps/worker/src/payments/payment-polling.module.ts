import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '#libs/application';
import { PollPaymentProcessor } from './poll-payment.processor.js';

/** Payment status polls and timers (expiry, polling limit) on the bank-polling queue. */
@Module({ imports: [PaymentsApplicationModule], providers: [PollPaymentProcessor] })
export class PaymentPollingModule {}
