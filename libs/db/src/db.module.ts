import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock, READINESS_CHECKS, type ReadinessCheck } from '#libs/common';
import type { DataStores } from './data-stores.js';
import { PrismaService } from './prisma.service.js';
import { ApiKeyRepository } from './repositories/api-key.repository.js';
import { BankRepository } from './repositories/bank.repository.js';
import { MemberKeyRepository } from './repositories/member-key.repository.js';
import { MemberRepository } from './repositories/member.repository.js';
import { PaymentRepository } from './payments/payment.repository.js';
import { WebhookConfigRepository } from './repositories/webhook-config.repository.js';
import { WebhookDeliveryRepository } from './repositories/webhook-delivery.repository.js';

const REPOSITORIES = [
  MemberRepository,
  ApiKeyRepository,
  MemberKeyRepository,
  BankRepository,
  WebhookConfigRepository,
  WebhookDeliveryRepository,
  PaymentRepository,
] as const;

export const REDIS = Symbol('REDIS');

/** Makes the process's Postgres (Prisma), Redis and Clock injectable, with readiness checks. */
@Global()
@Module({})
export class DbModule {
  static forRoot(stores: DataStores): DynamicModule {
    const checks: ReadinessCheck[] = [
      { name: 'postgres', check: async () => void (await stores.prisma.$queryRaw`SELECT 1`) },
      { name: 'redis', check: async () => void (await stores.redis.ping()) },
    ];
    return {
      module: DbModule,
      providers: [
        { provide: PrismaService, useValue: stores.prisma },
        { provide: REDIS, useValue: stores.redis },
        { provide: Clock, useValue: stores.clock },
        { provide: READINESS_CHECKS, useValue: checks },
        ...REPOSITORIES.map((repository) => ({ provide: repository, useValue: new repository(stores.prisma) })),
      ],
      exports: [PrismaService, REDIS, Clock, READINESS_CHECKS, ...REPOSITORIES],
    };
  }
}
