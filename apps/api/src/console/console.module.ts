import { Module } from '@nestjs/common';
import { ConsoleApplicationModule, StatusHistoryApplicationModule, WebhooksApplicationModule } from '#libs/application';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleResourcesController } from './console-resources.controller.js';
import { ConsoleSessionGuard } from './console-session.guard.js';
import { ConsoleController } from './console.controller.js';

/** The operations console at /console, served by the admin process only. */
@Module({
  imports: [ConsoleApplicationModule, StatusHistoryApplicationModule, WebhooksApplicationModule],
  controllers: [ConsoleController, ConsoleResourcesController],
  providers: [ConsoleAuth, ConsoleSessionGuard],
})
export class ConsoleModule {}
