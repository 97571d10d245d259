import { Module } from '@nestjs/common';
import {
  BanksApplicationModule,
  BankTruthApplicationModule,
  ConsoleApplicationModule,
  MaintenanceApplicationModule,
  MembersApplicationModule,
  OutcomeResolutionApplicationModule,
  ReconciliationApplicationModule,
  SandboxFaultsApplicationModule,
  StatusHistoryApplicationModule,
  SubTppsApplicationModule,
  WebhooksApplicationModule,
} from '#libs/application';
import { ConsoleActionNeededController } from './console-action-needed.controller.js';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleMembersController } from './console-members.controller.js';
import { ConsoleOverviewController } from './console-overview.controller.js';
import { ConsoleResourcesController } from './console-resources.controller.js';
import { ConsoleSandboxController } from './console-sandbox.controller.js';
import { ConsoleSessionGuard } from './console-session.guard.js';
import { ConsoleController } from './console.controller.js';

/** The operations console at /console, served by the admin process only. */
@Module({
  imports: [
    ConsoleApplicationModule,
    StatusHistoryApplicationModule,
    WebhooksApplicationModule,
    BankTruthApplicationModule,
    OutcomeResolutionApplicationModule,
    ReconciliationApplicationModule,
    BanksApplicationModule,
    MembersApplicationModule,
    MaintenanceApplicationModule,
    SubTppsApplicationModule,
    SandboxFaultsApplicationModule,
  ],
  controllers: [
    ConsoleController,
    ConsoleResourcesController,
    ConsoleActionNeededController,
    ConsoleOverviewController,
    ConsoleMembersController,
    ConsoleSandboxController,
  ],
  providers: [ConsoleAuth, ConsoleSessionGuard],
})
export class ConsoleModule {}
