import { Module } from '@nestjs/common';
import { PayoutsApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { AccountVerificationsController } from './account-verifications.controller.js';
import { PayoutsController } from './payouts.controller.js';

/** POST /payouts, GET /payouts, GET /payouts/{id} and POST /account-verifications. */
@Module({
  imports: [IdempotencyModule, PayoutsApplicationModule],
  controllers: [PayoutsController, AccountVerificationsController],
})
export class PayoutsModule {}
