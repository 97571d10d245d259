import { Module } from '@nestjs/common';
import {
  PaymentsApplicationModule,
  PayoutsApplicationModule,
  RefundsApplicationModule,
  TokenRequestsApplicationModule,
  TransfersApplicationModule,
  WebhooksApplicationModule,
} from '#libs/application';
import { AskAgainProcessor } from './ask-again.processor.js';

/** Unknown bank outcomes asked again (outcome-checks.ask-again) on the bank-polling queue. */
@Module({
  imports: [
    PaymentsApplicationModule,
    PayoutsApplicationModule,
    RefundsApplicationModule,
    TransfersApplicationModule,
    TokenRequestsApplicationModule.register([WebhooksApplicationModule]),
  ],
  providers: [AskAgainProcessor],
})
export class BankTruthModule {}
