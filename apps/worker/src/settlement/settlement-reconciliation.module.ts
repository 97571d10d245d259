import { Module } from '@nestjs/common';
import { ReconciliationApplicationModule } from '#libs/application';
import { ReconcileSettlementProcessor } from './reconcile-settlement.processor.js';
import { SettlementWindowEndProcessor } from './settlement-window-end.processor.js';

/** Reconciliation of settlement-account credits and the settlement windows of payments, on the timers queue. */
@Module({
  imports: [ReconciliationApplicationModule],
  providers: [ReconcileSettlementProcessor, SettlementWindowEndProcessor],
})
export class SettlementReconciliationModule {}
