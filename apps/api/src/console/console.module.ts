import { Module } from '@nestjs/common';
import {
  ConsoleApplicationModule,
  MaintenanceApplicationModule,
  MembersApplicationModule,
  SandboxFaultsApplicationModule,
  StatusHistoryApplicationModule,
  SubTppsApplicationModule,
  WebhooksApplicationModule,
} from '#libs/application';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleMembersController } from './console-members.controller.js';
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
    MembersApplicationModule,
    MaintenanceApplicationModule,
    SubTppsApplicationModule,
    SandboxFaultsApplicationModule,
  ],
  controllers: [ConsoleController, ConsoleResourcesController, ConsoleMembersController, ConsoleSandboxController],
  providers: [ConsoleAuth, ConsoleSessionGuard],
})
export class ConsoleModule {}
