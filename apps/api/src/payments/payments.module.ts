import { Module } from '@nestjs/common';
import { BankConnectors, PaymentProgression } from '#libs/payments';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { CompleteBankCallbackUseCase } from './complete-bank-callback.usecase.js';
import { GetPaymentUseCase } from './get-payment.usecase.js';
import { InitiatePaymentUseCase } from './initiate-payment.usecase.js';
import { ListPaymentsUseCase } from './list-payments.usecase.js';
import { PAYMENT_PROGRESSION_PROVIDERS } from './payment-progression.provider.js';
import { PaymentsController } from './payments.controller.js';
import { SubmitEmbeddedAuthUseCase } from './submit-embedded-auth.usecase.js';

/** Payments v2: initiation, listing, embedded steps and the payment's end of the bank callback. */
@Module({
  imports: [IdempotencyModule],
  controllers: [PaymentsController],
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
