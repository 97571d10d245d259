import { encodePageOffset } from '../paging/page-offset.js';

/** The reference's PageInfo. */
export interface SettlementPageInfo {
  readonly limit: number;
  readonly offset?: string;
  readonly nextOffset?: string;
  readonly haveMore: boolean;
}

/** The page a settlement account list asks for: at most `limit` rows, from the opaque `offset`. */
export interface PageRequest {
  readonly limit: number;
  readonly offset?: string;
}

/** A page cut from `limit + 1` rows: the rows to answer and its PageInfo. */
export function settlementPageOf<T>(
  rows: readonly T[],
  request: PageRequest,
  cursorOf: (row: T) => { createdAt: Date; id: string },
): { page: T[]; pageInfo: SettlementPageInfo } {
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const haveMore = rows.length > request.limit && last !== undefined;
  const pageInfo: SettlementPageInfo = {
    limit: request.limit,
    ...(request.offset === undefined ? {} : { offset: request.offset }),
    ...(haveMore ? { nextOffset: encodePageOffset(cursorOf(last)) } : {}),
    haveMore,
  };
  return { page, pageInfo };
}
