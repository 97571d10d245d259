import { Prisma } from './generated/prisma/client.js';

/** A nullable JSON column's new value: absent keeps it, null clears it (SQL NULL). */
export function jsonColumn(
  value: Prisma.InputJsonValue | null | undefined,
): Prisma.InputJsonValue | typeof Prisma.DbNull | undefined {
  if (value === undefined) return undefined;
  return value === null ? Prisma.DbNull : value;
}
