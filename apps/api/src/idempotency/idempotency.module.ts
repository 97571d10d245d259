import { Module } from '@nestjs/common';
import { IdempotentRequests } from './idempotent-requests.js';

/** `Idempotency-Key` for money-moving POSTs: a module whose handlers call IdempotentRequests imports this one. */
@Module({
  providers: [IdempotentRequests],
  exports: [IdempotentRequests],
})
export class IdempotencyModule {}
