/**
 * A page of one of the admin's reconciliation lists, global: every member's rows, or one
 * member's when memberId is given.
 */
export interface ReconciliationListCommand {
  readonly memberId?: string;
  readonly offset: number;
  readonly limit: number;
}

export interface AdminPage<T> {
  readonly items: readonly T[];
  /** The next page's offset when more may follow. */
  readonly nextOffset?: number;
}

/** The page of `limit + 1` rows read from `offset`: at most `limit` items, and where the next page starts. */
export function adminPageOf<R, T>(
  rows: readonly R[],
  offset: number,
  limit: number,
  view: (row: R) => T,
): AdminPage<T> {
  return {
    items: rows.slice(0, limit).map(view),
    ...(rows.length > limit ? { nextOffset: offset + limit } : {}),
  };
}
