import { Prisma } from './sandbox-db.js';

/** True when a write (through Prisma, or a statement on its pool) lost a race on a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === 'P2002';
  return error instanceof Error && (error as Error & { code?: unknown }).code === '23505';
}
