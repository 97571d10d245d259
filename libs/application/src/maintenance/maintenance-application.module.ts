import { Module } from '@nestjs/common';
import { AdvanceClockUseCase } from './advance-clock.usecase.js';
import { PurgeAccountInformationUseCase } from './purge-account-information.usecase.js';
import { PurgeIdempotencyKeysUseCase } from './purge-idempotency-keys.usecase.js';
import { PurgeRevokedApiKeysUseCase } from './purge-revoked-api-keys.usecase.js';

const PROVIDED = [
  PurgeIdempotencyKeysUseCase,
  PurgeRevokedApiKeysUseCase,
  PurgeAccountInformationUseCase,
  AdvanceClockUseCase,
];

/** Retention of rows no domain reads again: idempotency keys, revoked API keys, account-information calls and answers. */
@Module({ providers: PROVIDED, exports: PROVIDED })
export class MaintenanceApplicationModule {}
