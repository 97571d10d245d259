import { Module } from '@nestjs/common';
import { SubTppsApplicationModule } from '../sub-tpps/sub-tpps-application.module.js';
import { TransfersApplicationModule } from '../transfers/transfers-application.module.js';
import { CreateSettlementAccountUseCase } from './create-settlement-account.usecase.js';
import { GetSettlementAccountUseCase } from './get-settlement-account.usecase.js';
import { GetSettlementTransactionUseCase } from './get-settlement-transaction.usecase.js';
import { ListSettlementAccountsUseCase } from './list-settlement-accounts.usecase.js';
import { ListSettlementTransactionsUseCase } from './list-settlement-transactions.usecase.js';
import { ReadSettlementCreditsUseCase } from './read-settlement-credits.usecase.js';
import { SettlementCreditBooking } from './settlement-credit-booking.js';
import { SettlementPaymentPlug } from './settlement-payment-plug.js';
import { SettlementProvidersModule } from '../settlement-providers/settlement-providers.module.js';
import { WakeReconciliationUseCase } from './reconciliation/wake-reconciliation.usecase.js';

const PROVIDED = [
  CreateSettlementAccountUseCase,
  ListSettlementAccountsUseCase,
  GetSettlementAccountUseCase,
  ListSettlementTransactionsUseCase,
  GetSettlementTransactionUseCase,
  SettlementCreditBooking,
  ReadSettlementCreditsUseCase,
  WakeReconciliationUseCase,
];

/**
 * Settlement accounts: opening at the provider, the member's queries, and the credit intake the
 * worker runs; and settlement's extensions of payments and transfers (SettlementPaymentPlug), so
 * every process that moves payments or transfers imports this module.
 */
@Module({
  imports: [SubTppsApplicationModule, SettlementProvidersModule, TransfersApplicationModule],
  providers: [...PROVIDED, SettlementPaymentPlug],
  exports: PROVIDED,
})
export class SettlementApplicationModule {}
