import { REFERENCE_STANDARD, type ListedBank } from './listed-bank.js';

/** The orders the lists offer: v1 `name | provider | country`, v2 `NAME | STANDARD | RANK | COUNTRY`. */
export type BankOrder = 'NAME' | 'PROVIDER' | 'COUNTRY' | 'STANDARD' | 'RANK';

export interface BankPaging {
  readonly page: number;
  /** Pages the whole result fills at perPage (0 when nothing matches). */
  readonly pageCount: number;
  readonly perPage: number;
  readonly totalCount: number;
}

export interface BankPage {
  readonly banks: readonly ListedBank[];
  readonly paging: BankPaging;
}

const byText = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** The primary key of each order; ties fall back to the name, then the id (a stable total order). */
const PRIMARY: Record<BankOrder, (a: ListedBank, b: ListedBank) => number> = {
  NAME: () => 0,
  PROVIDER: (a, b) => byText(a.provider, b.provider),
  COUNTRY: (a, b) => byText(a.countries[0] ?? '', b.countries[0] ?? ''),
  STANDARD: (a, b) => byText(REFERENCE_STANDARD[a.openBankingStandard], REFERENCE_STANDARD[b.openBankingStandard]),
  // Ranked banks first, by rank; unranked ones after them.
  RANK: (a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER),
};

export function orderBanks(banks: readonly ListedBank[], order: BankOrder): ListedBank[] {
  const primary = PRIMARY[order];
  return [...banks].sort((a, b) => primary(a, b) || byText(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One page of `banks` (1-based). A page past the end is empty but still reports the totals. */
export function pageOf(banks: readonly ListedBank[], page: number, perPage: number): BankPage {
  const start = (page - 1) * perPage;
  return {
    banks: banks.slice(start, start + perPage),
    paging: { page, pageCount: Math.ceil(banks.length / perPage), perPage, totalCount: banks.length },
  };
}
