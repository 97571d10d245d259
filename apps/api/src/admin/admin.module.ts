import { Module } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { MemberKeysUseCasesModule } from '../keys/member-keys-usecases.module.js';
import { AdminTokenGuard } from './admin-token.guard.js';
import { ClockController } from './clock.controller.js';
import { MembersController } from './members/members.controller.js';
import { MembersUseCases } from './members/members.usecases.js';
import { ReconciliationAdminModule } from './settlement/reconciliation-admin.module.js';
import { OutcomeChecksAdminModule } from './outcome-checks/outcome-checks-admin.module.js';
import { StatusHistoryAdminModule } from './status-history/status-history.module.js';
import { WebhookAdminModule } from './webhooks/webhook-admin.module.js';

/** Operator endpoints; served only on ADMIN_PORT. */
@Module({
  imports: [
    MemberKeysUseCasesModule,
    WebhookAdminModule,
    ReconciliationAdminModule,
    OutcomeChecksAdminModule,
    StatusHistoryAdminModule,
  ],
  controllers: [ClockController, MembersController],
  providers: [AdminTokenGuard, MembersUseCases, CredentialChanges],
})
export class AdminModule {}
