import { Module } from '@nestjs/common';
import { IdempotencyKeyRepository, PrismaService } from '#libs/db';
import { IdempotentRequests } from './idempotent-requests.js';

/** `Idempotency-Key` for money-moving POSTs: a module whose handlers call IdempotentRequests imports this one. */
@Module({
  providers: [
    {
      provide: IdempotencyKeyRepository,
      useFactory: (prisma: PrismaService) => new IdempotencyKeyRepository(prisma),
      inject: [PrismaService],
    },
    IdempotentRequests,
  ],
  exports: [IdempotencyKeyRepository, IdempotentRequests],
})
export class IdempotencyModule {}
