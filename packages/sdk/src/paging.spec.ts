import { describe, expect, it } from 'vitest';
import { collect, pagesByOffset, pagesByPageInfo, pagesByPaging } from './paging.js';

const ITEMS = Array.from({ length: 7 }, (_, i) => i);

/** A list of ITEMS in pages of 3, the offset being the index of the page's first item. */
function pageAt(offset: string | undefined): { items: number[]; next: string | undefined } {
  const start = offset === undefined ? 0 : Number(offset);
  const items = ITEMS.slice(start, start + 3);
  return { items, next: start + 3 < ITEMS.length ? String(start + 3) : undefined };
}

describe('paging iterators', () => {
  it('walk every page of each form, asking with the offset the previous answer gave', async () => {
    const asked: (string | undefined)[] = [];
    const byPageInfo = pagesByPageInfo(
      (offset) => {
        asked.push(offset);
        const { items, next } = pageAt(offset);
        return Promise.resolve({
          items,
          pageInfo: { haveMore: next !== undefined, ...(next === undefined ? {} : { nextOffset: next }) },
        });
      },
      (page) => page.items,
    );
    expect(await collect(byPageInfo)).toEqual(ITEMS);
    expect(asked).toEqual([undefined, '3', '6']);

    const byOffset = pagesByOffset(
      (offset) => {
        const { items, next } = pageAt(offset);
        return Promise.resolve({ items, ...(next === undefined ? {} : { offset: next }) });
      },
      (page) => page.items,
    );
    expect(await collect(byOffset)).toEqual(ITEMS);

    const byPaging = pagesByPaging(
      (offset) => {
        const { items, next } = pageAt(offset);
        return Promise.resolve({ items, paging: next === undefined ? {} : { offset: next } });
      },
      (page) => page.items,
    );
    expect(await collect(byPaging)).toEqual(ITEMS);
  });

  it('stops on an answer that repeats its offset, so a list that does not move on is not walked forever', async () => {
    const pages = pagesByOffset(
      () => Promise.resolve({ items: [1], offset: 'same' }),
      (page) => page.items,
    );
    expect(await collect(pages)).toEqual([1, 1]);
  });
});
