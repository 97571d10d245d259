import { Module } from '@nestjs/common';
import { SubTppsApplicationModule } from '../sub-tpps/sub-tpps-application.module.js';
import { InitiatePayoutUseCase } from './initiate-payout.usecase.js';
import { PayoutProgression } from './payout-progression.js';
import { PayoutQueries } from './payout-queries.usecases.js';

const PROVIDED = [InitiatePayoutUseCase, PayoutQueries, PayoutProgression];

/** Payouts: initiation with the ledger reservation, queries, and the progression the worker runs. */
@Module({
  imports: [SubTppsApplicationModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class PayoutsApplicationModule {}
