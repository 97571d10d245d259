export * from './prisma.service.js';
export * from './redis.js';
export * from './db.module.js';
export * from './data-stores.js';
export * from './shared-clock.js';
export * from './migrations/apply-migrations.js';
export type { Member, ApiKey, ScheduledJob } from './generated/prisma/client.js';
export { Prisma } from './generated/prisma/client.js';
export * from './repositories/scheduled-job.repository.js';
