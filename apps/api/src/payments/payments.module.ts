import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { BankCallbackController } from './bank-callback.controller.js';
import { CompleteBankCallbackUseCase } from './complete-bank-callback.usecase.js';
import { PaymentsController } from './payments.controller.js';

/** Payments v2 routes: initiation, listing, embedded steps and the banks' redirect callback. */
@Module({
  imports: [IdempotencyModule, PaymentsApplicationModule],
  controllers: [PaymentsController, BankCallbackController],
  providers: [CompleteBankCallbackUseCase],
})
export class PaymentsModule {}
