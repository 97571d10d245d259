import { Module } from '@nestjs/common';
import { AdvanceClockUseCase } from './advance-clock.usecase.js';
import { ReadClockUseCase } from './read-clock.usecase.js';
import { DueTimers } from './due-timers.js';
import { PurgeAccountInformationUseCase } from './purge-account-information.usecase.js';
import { PurgeIdempotencyKeysUseCase } from './purge-idempotency-keys.usecase.js';
import { PurgeRevokedApiKeysUseCase } from './purge-revoked-api-keys.usecase.js';

const PROVIDED = [
  PurgeIdempotencyKeysUseCase,
  PurgeRevokedApiKeysUseCase,
  PurgeAccountInformationUseCase,
  AdvanceClockUseCase,
  ReadClockUseCase,
  DueTimers,
];

/**
 * Retention of rows no domain reads again (idempotency keys, revoked API keys, account-information
 * calls and answers), the service clock, and the due timers fired into jobs.
 */
@Module({ providers: PROVIDED, exports: PROVIDED })
export class MaintenanceApplicationModule {}
