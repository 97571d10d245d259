import { Module } from '@nestjs/common';
import { ReadStatusHistoryUseCase } from './read-status-history.usecase.js';

/** Status histories: every change of a resource's status, kept after the webhook retention. */
@Module({ providers: [ReadStatusHistoryUseCase], exports: [ReadStatusHistoryUseCase] })
export class StatusHistoryApplicationModule {}
