import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { StatusHistoryController } from './status-history.controller.js';
import { ReadStatusHistoryUseCase } from './read-status-history.usecase.js';

/** The operator's read of resources' status histories. */
@Module({
  controllers: [StatusHistoryController],
  providers: [AdminTokenGuard, ReadStatusHistoryUseCase],
})
export class StatusHistoryAdminModule {}
