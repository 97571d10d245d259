import { Module } from '@nestjs/common';
import { TransfersApplicationModule } from '#libs/application';
import { PollTransferProcessor } from './poll-transfer.processor.js';

/** Transfer status polls and timers (authorisation expiry, lost submission, polling limit) on the bank-polling queue. */
@Module({ imports: [TransfersApplicationModule], providers: [PollTransferProcessor] })
export class TransferPollingModule {}
