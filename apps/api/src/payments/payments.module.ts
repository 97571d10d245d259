import { Module } from '@nestjs/common';
import { BankConnectors } from '#libs/connectors';
import { PaymentProgression } from '#libs/payments';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { BankCallbackController } from './bank-callback.controller.js';
import { CompleteBankCallbackUseCase } from './complete-bank-callback.usecase.js';
import { GetPaymentUseCase } from './get-payment.usecase.js';
import { InitiatePaymentUseCase } from './initiate-payment.usecase.js';
import { ListPaymentsUseCase } from './list-payments.usecase.js';
import { PAYMENT_PROGRESSION_PROVIDERS } from './payment-progression.provider.js';
import { PaymentsController } from './payments.controller.js';
import { SubmitEmbeddedAuthUseCase } from './submit-embedded-auth.usecase.js';

/** Payments v2: initiation, listing, embedded steps and the banks' redirect callback. */
@Module({
  imports: [IdempotencyModule],
  controllers: [PaymentsController, BankCallbackController],
  providers: [
    ...PAYMENT_PROGRESSION_PROVIDERS,
    InitiatePaymentUseCase,
    ListPaymentsUseCase,
    GetPaymentUseCase,
    SubmitEmbeddedAuthUseCase,
    CompleteBankCallbackUseCase,
  ],
  exports: [PaymentProgression, BankConnectors, GetPaymentUseCase],
})
export class PaymentsModule {}
