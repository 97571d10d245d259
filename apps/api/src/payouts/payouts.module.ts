import { Module } from '@nestjs/common';
import { PayoutsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PayoutsController } from './payouts.controller.js';

/** POST /payouts, GET /payouts and GET /payouts/{id}. */
@Module({
  imports: [IdempotencyModule, PayoutsApplicationModule],
  controllers: [PayoutsController],
})
export class PayoutsModule {}
