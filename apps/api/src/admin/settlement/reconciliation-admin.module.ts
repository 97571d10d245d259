import { Module } from '@nestjs/common';
import { ReconciliationApplicationModule } from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { ReconciliationAdminController } from './reconciliation-admin.controller.js';

/** Operator reconciliation endpoints: unmatched credits, payments awaiting settlement, manual matches. */
@Module({
  imports: [ReconciliationApplicationModule],
  controllers: [ReconciliationAdminController],
  providers: [AdminTokenGuard],
})
export class ReconciliationAdminModule {}
