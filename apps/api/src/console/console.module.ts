import { Module } from '@nestjs/common';
import {
  BanksApplicationModule,
  BankTruthApplicationModule,
  ConsoleApplicationModule,
  OutcomeResolutionApplicationModule,
  ReconciliationApplicationModule,
  StatusHistoryApplicationModule,
  WebhooksApplicationModule,
} from '#libs/application';
import { ConsoleActionNeededController } from './console-action-needed.controller.js';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleOverviewController } from './console-overview.controller.js';
import { ConsoleResourcesController } from './console-resources.controller.js';
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
  ],
  controllers: [
    ConsoleController,
    ConsoleResourcesController,
    ConsoleActionNeededController,
    ConsoleOverviewController,
  ],
  providers: [ConsoleAuth, ConsoleSessionGuard],
})
export class ConsoleModule {}
