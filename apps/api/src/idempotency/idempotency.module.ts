import { Module } from '@nestjs/common';
import { IdempotencyApplicationModule } from '#libs/application';
import { IdempotentRequests } from './idempotent-requests.js';

/** `Idempotency-Key` for money-moving POSTs: a module whose handlers call IdempotentRequests imports this one. */
@Module({
  imports: [IdempotencyApplicationModule],
  providers: [IdempotentRequests],
  exports: [IdempotentRequests],
})
export class IdempotencyModule {}
