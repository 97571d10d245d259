import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { InitiateRefundUseCase } from './initiate-refund.usecase.js';
import { RefundProgression } from './refund-progression.js';
import { RefundQueries } from './refund-queries.usecases.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';
import { RefundRegistrationsUseCases } from './refund-registrations.usecases.js';

const PROVIDED = [
  RefundRegistrationVault,
  RefundRegistrationsUseCases,
  InitiateRefundUseCase,
  RefundQueries,
  RefundProgression,
];

/** Refunds: registrations (sealed credentials), initiation under the payment's lock, queries and the progression the worker runs. */
@Module({
  imports: [SecretsModule, PaymentsApplicationModule, BankTruthApplicationModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class RefundsApplicationModule {}
