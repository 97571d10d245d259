import { Module } from '@nestjs/common';
import { IdempotencyKeyRepository, PrismaService } from '#libs/db';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/**
 * `Idempotency-Key` for the routes marked @Idempotent(): a module whose controllers use the
 * decorator imports this one (the decorator puts the interceptor on those routes only).
 */
@Module({
  providers: [
    { provide: IdempotencyKeyRepository, useFactory: (prisma: PrismaService) => new IdempotencyKeyRepository(prisma), inject: [PrismaService] },
    IdempotencyInterceptor,
  ],
  exports: [IdempotencyKeyRepository, IdempotencyInterceptor],
})
export class IdempotencyModule {}
