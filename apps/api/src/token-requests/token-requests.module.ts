import { Module } from '@nestjs/common';
import { TokensApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { TokenRequestsController } from './token-requests.controller.js';

/** Payments v1 and account-information token requests: store, read, result. */
@Module({
  imports: [IdempotencyModule, TokensApplicationModule],
  controllers: [TokenRequestsController],
})
export class TokenRequestsModule {}
