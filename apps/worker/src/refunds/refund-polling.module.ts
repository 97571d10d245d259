import { Module } from '@nestjs/common';
import { RefundsApplicationModule } from '#libs/application';
import { PollRefundProcessor } from './poll-refund.processor.js';

/** Refund submission and status polls on the bank-polling queue. */
@Module({ imports: [RefundsApplicationModule], providers: [PollRefundProcessor] })
export class RefundPollingModule {}
