import { Module } from '@nestjs/common';
import { BankTruthApplicationModule, OutcomeResolutionApplicationModule } from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { OutcomeChecksAdminController } from './outcome-checks-admin.controller.js';

/** Operator endpoints for unknown bank outcomes: open checks, flags, operator events, resolution. */
@Module({
  imports: [BankTruthApplicationModule, OutcomeResolutionApplicationModule],
  controllers: [OutcomeChecksAdminController],
  providers: [AdminTokenGuard],
})
export class OutcomeChecksAdminModule {}
