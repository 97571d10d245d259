import { Module } from '@nestjs/common';
import { SettlementRulesApplicationModule } from '#libs/application';
import { SettlementRulesController } from './settlement-rules.controller.js';

/** Settlement rules of settlement accounts and the payouts they made. */
@Module({ imports: [SettlementRulesApplicationModule], controllers: [SettlementRulesController] })
export class SettlementRulesModule {}
