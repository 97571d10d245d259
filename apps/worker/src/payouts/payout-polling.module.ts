import { Module } from '@nestjs/common';
import { PayoutsApplicationModule } from '#libs/application';
import { PollPayoutProcessor } from './poll-payout.processor.js';

/** Payout submission to settlement providers and status polls on the bank-polling queue. */
@Module({ imports: [PayoutsApplicationModule], providers: [PollPayoutProcessor] })
export class PayoutPollingModule {}
