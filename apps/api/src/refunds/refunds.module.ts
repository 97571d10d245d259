import { Module } from '@nestjs/common';
import { RefundsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { RefundRegistrationsController, RefundRegistrationsV2Controller } from './refund-registrations.controller.js';
import {
  RefundsController,
  RefundsV2Controller,
  TransferRefundsController,
  TransferRefundsV2Controller,
} from './refunds.controller.js';

/** Refund registrations, refunds and a transfer's refunds, at the root paths and under /v2. */
@Module({
  imports: [IdempotencyModule, RefundsApplicationModule],
  controllers: [
    RefundRegistrationsController,
    RefundRegistrationsV2Controller,
    RefundsController,
    RefundsV2Controller,
    TransferRefundsController,
    TransferRefundsV2Controller,
  ],
})
export class RefundsModule {}
