import { Module } from '@nestjs/common';
import { ConsoleApplicationModule, StatusHistoryApplicationModule } from '#libs/application';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleController } from './console.controller.js';

/** The operations console at /console, served by the admin process only. */
@Module({
  imports: [ConsoleApplicationModule, StatusHistoryApplicationModule],
  controllers: [ConsoleController],
  providers: [ConsoleAuth],
})
export class ConsoleModule {}
