/**
 * The interface's paging over a transaction list (page.limit, an opaque page.offset). The
 * offset names the position of the next entry in the list the bank's pages make (newest first).
 */
export interface TransactionPage<T> {
  readonly items: readonly T[];
  /** The offset of the next page, absent on the last page. */
  readonly next?: string;
  /** The offset of this page (the one given, or the first page's). */
  readonly offset: string;
}

export function pageOffsetOf(position: number): string {
  return Buffer.from(`tx:${position}`, 'utf8').toString('base64url');
}

/** The position an offset names, or undefined when it is not one this gateway made. */
export function positionOf(offset: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(offset)) return undefined;
  const match = /^tx:(\d{1,9})$/.exec(Buffer.from(offset, 'base64url').toString('utf8'));
  return match === null ? undefined : Number(match[1]);
}

export function pageOf<T>(all: readonly T[], position: number, limit: number): TransactionPage<T> {
  const items = all.slice(position, position + limit);
  const end = position + items.length;
  return {
    items,
    offset: pageOffsetOf(position),
    ...(end < all.length ? { next: pageOffsetOf(end) } : {}),
  };
}
