import { Module } from '@nestjs/common';
import {
  GetTransferUseCase,
  ListTransfersUseCase,
  RedeemTransferUseCase,
  TransfersApplicationModule,
} from '#libs/application';
import { SecretsModule } from '#libs/secrets';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { TransfersController } from './transfers.controller.js';

/** Payments v1 transfers: explicit redemption of a transfer token, listing and reading. */
@Module({
  imports: [IdempotencyModule, TransfersApplicationModule, SecretsModule],
  controllers: [TransfersController],
  providers: [RedeemTransferUseCase, ListTransfersUseCase, GetTransferUseCase],
})
export class TransfersModule {}
