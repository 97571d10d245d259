import { Module } from '@nestjs/common';
import { MaintenanceApplicationModule, MembersApplicationModule } from '#libs/application';
import { AdminTokenGuard } from './admin-token.guard.js';
import { ClockController } from './clock.controller.js';
import { MembersController } from './members/members.controller.js';
import { ReconciliationAdminModule } from './settlement/reconciliation-admin.module.js';
import { OutcomeChecksAdminModule } from './outcome-checks/outcome-checks-admin.module.js';
import { StatusHistoryAdminModule } from './status-history/status-history.module.js';
import { WebhookAdminModule } from './webhooks/webhook-admin.module.js';

/** Operator endpoints; served only on ADMIN_PORT. */
@Module({
  imports: [
    MembersApplicationModule,
    MaintenanceApplicationModule,
    WebhookAdminModule,
    ReconciliationAdminModule,
    OutcomeChecksAdminModule,
    StatusHistoryAdminModule,
  ],
  controllers: [ClockController, MembersController],
  providers: [AdminTokenGuard],
})
export class AdminModule {}
