import { NotReadyError, type ReadinessCheck } from '#libs/common';
import { appliedMigrations, describePending, missingMigrations, shippedMigrations } from '#libs/postgres';
import type { PrismaService } from './prisma.service.js';

/**
 * Readiness `schema`: every migration the process ships (`dir`, the image's prisma/migrations) is
 * applied to its database. Until then /readyz answers 503 naming what is missing, so a pod of a
 * new image takes no traffic before its migrations ran. Once complete, it is not asked again (a
 * migration is never taken back; a newer image's extra migrations do not matter).
 */
export function schemaReadinessCheck(prisma: PrismaService, dir: string): ReadinessCheck {
  let shipped: Promise<string[]> | undefined;
  let complete = false;
  return {
    name: 'schema',
    check: async () => {
      if (complete) return;
      shipped ??= shippedMigrations(dir);
      const names = await shipped;
      const applied = await appliedMigrations((sql, ...params) => prisma.$queryRawUnsafe(sql, ...params));
      const pending = missingMigrations(names, applied);
      if (pending.length > 0) throw new NotReadyError(describePending(pending, names.length));
      complete = true;
    },
  };
}
