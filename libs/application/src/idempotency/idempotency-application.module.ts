import { Module } from '@nestjs/common';
import { IdempotencyKeys } from './idempotency-keys.js';

/** The members' Idempotency-Keys, for the api's money-moving POSTs. */
@Module({
  providers: [IdempotencyKeys],
  exports: [IdempotencyKeys],
})
export class IdempotencyApplicationModule {}
