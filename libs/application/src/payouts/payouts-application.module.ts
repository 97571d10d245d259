import { Module } from '@nestjs/common';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { SettlementProvidersModule } from '../settlement-providers/settlement-providers.module.js';
import { SubTppsApplicationModule } from '../sub-tpps/sub-tpps-application.module.js';
import { AccountVerifier } from './account-verifier.js';
import { InitiatePayoutUseCase } from './initiate-payout.usecase.js';
import { PayoutInitiation } from './payout-initiation.js';
import { PayoutProgression } from './payout-progression.js';
import { GetPayoutUseCase } from './get-payout.usecase.js';
import { ListPayoutsUseCase } from './list-payouts.usecase.js';
import { VerifyAccountUseCase } from './verify-account.usecase.js';

const PROVIDED = [
  PayoutInitiation,
  InitiatePayoutUseCase,
  ListPayoutsUseCase,
  GetPayoutUseCase,
  PayoutProgression,
  AccountVerifier,
  VerifyAccountUseCase,
];

/** Payouts: initiation with the ledger reservation, queries, account verification and the progression the worker runs. */
@Module({
  imports: [SubTppsApplicationModule, SettlementProvidersModule, BankTruthApplicationModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class PayoutsApplicationModule {}
