import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { Clock, READINESS_CHECKS, type ReadinessCheck } from '#libs/common';
import type { DataStores } from './data-stores.js';
import { PrismaService } from './prisma.service.js';
import { schemaReadinessCheck } from './schema-readiness.js';

export const REDIS = Symbol('REDIS');

/** Every repository of the process as one object (`Repositories`), for code that takes the set. */
export const REPOSITORIES = Symbol('REPOSITORIES');

/**
 * Makes the process's Postgres (Prisma), Redis and Clock injectable, with readiness checks (both
 * reachable, the schema migrated: schema-readiness.ts), and
 * every repository of `stores` by its class (with Transactions, to open a transaction).
 */
@Global()
@Module({})
export class DbModule {
  static forRoot(stores: DataStores): DynamicModule {
    const checks: ReadinessCheck[] = [
      { name: 'postgres', check: async () => void (await stores.prisma.$queryRaw`SELECT 1`) },
      { name: 'redis', check: async () => void (await stores.redis.ping()) },
      schemaReadinessCheck(stores.prisma, stores.migrationsDir),
    ];
    const repositories: Provider[] = Object.values(stores.repositories).map((repository: object) => ({
      provide: repository.constructor,
      useValue: repository,
    }));
    const classes = Object.values(stores.repositories).map((repository: object) => repository.constructor);
    return {
      module: DbModule,
      providers: [
        { provide: PrismaService, useValue: stores.prisma },
        { provide: REDIS, useValue: stores.redis },
        { provide: Clock, useValue: stores.clock },
        { provide: READINESS_CHECKS, useValue: checks },
        { provide: REPOSITORIES, useValue: stores.repositories },
        ...repositories,
      ],
      exports: [PrismaService, REDIS, Clock, READINESS_CHECKS, REPOSITORIES, ...classes],
    };
  }
}
