import { Module } from '@nestjs/common';
import { PollTransferProcessor } from './poll-transfer.processor.js';

/** Transfer status polls and timers (authorisation expiry, lost submission, polling limit) on the bank-polling queue. */
@Module({ providers: [PollTransferProcessor] })
export class TransferPollingModule {}
