/**
 * The three ways the gateway pages a list, each walked by its iterator until the last page:
 * - Payments v2 style (`limit`, `offset`): the answer's `pageInfo.nextOffset`, while
 *   `pageInfo.haveMore`;
 * - Payments v1 style (`page.limit`, `page.offset`): the answer's `offset`, absent on the last page;
 * - `paging` style (refunds, payouts: `limit`, `offset`): the answer's `paging.offset`, absent on
 *   the last page.
 * `fetchPage` asks for one page from an offset (undefined for the first); `itemsOf` picks the
 * page's items.
 */
export type PageOf<P> = (offset: string | undefined) => Promise<P>;

interface PageInfoAnswer {
  readonly pageInfo?: { readonly nextOffset?: string; readonly haveMore?: boolean };
}

interface OffsetAnswer {
  readonly offset?: string;
}

/** The items of every page of a list paged by `pageInfo.nextOffset` (`limit`/`offset`). */
export async function* pagesByPageInfo<P extends PageInfoAnswer, T>(
  fetchPage: PageOf<P>,
  itemsOf: (page: P) => readonly T[] | undefined,
): AsyncGenerator<T, void, undefined> {
  let offset: string | undefined;
  for (;;) {
    const page = await fetchPage(offset);
    yield* itemsOf(page) ?? [];
    const next = page.pageInfo?.nextOffset;
    if (page.pageInfo?.haveMore === false || next === undefined || next === '' || next === offset) return;
    offset = next;
  }
}

/** The items of every page of a list paged by the answer's `offset` (`page.limit`/`page.offset`). */
export async function* pagesByOffset<P extends OffsetAnswer, T>(
  fetchPage: PageOf<P>,
  itemsOf: (page: P) => readonly T[] | undefined,
): AsyncGenerator<T, void, undefined> {
  let offset: string | undefined;
  for (;;) {
    const page = await fetchPage(offset);
    const items = itemsOf(page) ?? [];
    yield* items;
    const next = page.offset;
    if (next === undefined || next === '' || next === offset || items.length === 0) return;
    offset = next;
  }
}

interface PagingAnswer {
  readonly paging?: { readonly offset?: string };
}

/** The items of every page of a list paged by the answer's `paging.offset` (refunds, payouts). */
export async function* pagesByPaging<P extends PagingAnswer, T>(
  fetchPage: PageOf<P>,
  itemsOf: (page: P) => readonly T[] | undefined,
): AsyncGenerator<T, void, undefined> {
  yield* pagesByOffset<OffsetAnswer & { readonly page: P }, T>(
    async (offset) => {
      const page = await fetchPage(offset);
      return { page, ...(page.paging?.offset === undefined ? {} : { offset: page.paging.offset }) };
    },
    ({ page }) => itemsOf(page),
  );
}

/** Every item of an async iterable, in order (for lists a caller wants whole). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
