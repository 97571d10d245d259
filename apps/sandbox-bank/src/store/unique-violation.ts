import { Prisma } from './sandbox-db.js';

/** True when a write lost a race on a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
