import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyKeyRepository, PrismaService } from '#libs/db';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/**
 * `Idempotency-Key` for the routes marked @Idempotent(): the interceptor is installed for the whole
 * application and acts only on those routes, so a domain module needs nothing but the decorator.
 */
@Module({
  providers: [
    { provide: IdempotencyKeyRepository, useFactory: (prisma: PrismaService) => new IdempotencyKeyRepository(prisma), inject: [PrismaService] },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class IdempotencyModule {}
