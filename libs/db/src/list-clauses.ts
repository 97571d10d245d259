/**
 * Where-clause pieces the member-scoped lists share. Lists are ordered newest first by
 * (createdAt desc, id desc) and paged by keyset: a page resumes after the last row it showed.
 */

/** Where a newest-first page ended: its last row's creation time and id. */
export interface NewestFirstCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** The rows that come after `cursor` in newest-first order. */
export function olderThan(cursor: NewestFirstCursor): {
  OR: Array<{ createdAt: { lt: Date } } | { createdAt: Date; id: { lt: string } }>;
} {
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
}

/** One of `values`, or none of them when the interface's invert flag is set (`invertIds`, `invertStatuses`). */
export function oneOf<T>(values: readonly T[], invert: boolean | undefined): { in: T[] } | { notIn: T[] } {
  return invert === true ? { notIn: [...values] } : { in: [...values] };
}
