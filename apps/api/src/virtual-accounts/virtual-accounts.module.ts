import { Module } from '@nestjs/common';
import { SettlementApplicationModule } from '#libs/application';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { VirtualAccountsController } from './virtual-accounts.controller.js';

/** Settlement accounts (virtual accounts): opening, listing, reading, and their transactions. */
@Module({ imports: [IdempotencyModule, SettlementApplicationModule], controllers: [VirtualAccountsController] })
export class VirtualAccountsModule {}
