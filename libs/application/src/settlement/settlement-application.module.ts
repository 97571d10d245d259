import { Module } from '@nestjs/common';
import { SubTppsApplicationModule } from '../sub-tpps/sub-tpps-application.module.js';
import { BookSettlementCreditsUseCase } from './book-settlement-credits.usecase.js';
import { CreateSettlementAccountUseCase } from './create-settlement-account.usecase.js';
import { GetSettlementTransactionUseCase } from './get-settlement-transaction.usecase.js';
import { ReadSettlementCreditsUseCase } from './read-settlement-credits.usecase.js';
import { SettlementAccountQueries } from './settlement-account-queries.usecases.js';
import { SettlementProvidersModule } from '../settlement-providers/settlement-providers.module.js';

const PROVIDED = [
  CreateSettlementAccountUseCase,
  SettlementAccountQueries,
  GetSettlementTransactionUseCase,
  BookSettlementCreditsUseCase,
  ReadSettlementCreditsUseCase,
];

/** Settlement accounts: opening at the provider, the member's queries, and the credit intake the worker runs. */
@Module({
  imports: [SubTppsApplicationModule, SettlementProvidersModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class SettlementApplicationModule {}
