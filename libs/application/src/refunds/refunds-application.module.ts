import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { GetRefundUseCase } from './get-refund.usecase.js';
import { InitiateRefundUseCase } from './initiate-refund.usecase.js';
import { ListRefundsUseCase } from './list-refunds.usecase.js';
import { ListTransferRefundsUseCase } from './list-transfer-refunds.usecase.js';
import { RefundProgression } from './refund-progression.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';
import { DeleteRefundRegistrationUseCase } from './delete-refund-registration.usecase.js';
import { GetRefundRegistrationUseCase } from './get-refund-registration.usecase.js';
import { RegisterRefundRegistrationUseCase } from './register-refund-registration.usecase.js';

const PROVIDED = [
  RefundRegistrationVault,
  RegisterRefundRegistrationUseCase,
  GetRefundRegistrationUseCase,
  DeleteRefundRegistrationUseCase,
  InitiateRefundUseCase,
  ListRefundsUseCase,
  GetRefundUseCase,
  ListTransferRefundsUseCase,
  RefundProgression,
];

/** Refunds: registrations (sealed credentials), initiation under the payment's lock, queries and the progression the worker runs. */
@Module({
  imports: [SecretsModule, PaymentsApplicationModule, BankTruthApplicationModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class RefundsApplicationModule {}
