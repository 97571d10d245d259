import { Module } from '@nestjs/common';
import { StatusHistoryApplicationModule } from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { StatusHistoryController } from './status-history.controller.js';

/** The operator's read of resources' status histories. */
@Module({
  imports: [StatusHistoryApplicationModule],
  controllers: [StatusHistoryController],
  providers: [AdminTokenGuard],
})
export class StatusHistoryAdminModule {}
