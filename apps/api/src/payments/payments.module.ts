import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PaymentCallbacks } from './payment-callbacks.js';
import { PaymentsController } from './payments.controller.js';

/** Payments v2: initiation, listing, embedded steps and the payment's end of the bank callback. */
@Module({
  imports: [IdempotencyModule, PaymentsApplicationModule],
  controllers: [PaymentsController],
  providers: [PaymentCallbacks],
})
export class PaymentsModule {}
