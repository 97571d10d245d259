import { Module } from '@nestjs/common';
import { SettlementApplicationModule } from '#libs/application';
import { ReadSettlementCreditsProcessor } from './read-settlement-credits.processor.js';

/** Settlement accounts' credit intake on the bank-polling queue: one reader per account. */
@Module({ imports: [SettlementApplicationModule], providers: [ReadSettlementCreditsProcessor] })
export class SettlementIntakeModule {}
