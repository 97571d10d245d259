import { MAX_LIST_ENTRIES, type BankFilterQuery } from './bank-filter-query.dto.js';
import { ListParam, PositiveIntParam, TextParam } from './bank-query-params.js';

export const BANK_LIST_DEFAULTS = { page: 1, perPage: 200, maxPerPage: 200 } as const;

/** What both bank lists (GET /banks and GET /v2/banks) take beyond the common filters. */
export interface BankListingParams {
  page?: number;
  perPage?: number;
  bics?: string[];
  bankGroup?: string;
  bankSubGroup?: string;
}

/**
 * `Base` with the bank lists' own parameters: paging (page from 1, perPage 1 to 200, default 200,
 * the same in v1 and v2), BICs and bank group / sub-group. Each list adds its own `sort`.
 */
export function withBankListing<T extends BankFilterQuery>(Base: new () => T): new () => T & BankListingParams {
  class BankListingQuery extends (Base as new () => BankFilterQuery) implements BankListingParams {
    @PositiveIntParam('The page to answer, from 1.', Number.MAX_SAFE_INTEGER, BANK_LIST_DEFAULTS.page)
    page?: number;

    @PositiveIntParam('Banks per page, at most 200.', BANK_LIST_DEFAULTS.maxPerPage, BANK_LIST_DEFAULTS.perPage)
    perPage?: number;

    @ListParam({
      description: 'BICs, matched whole and case-insensitively, at most 1000.',
      maxEntries: MAX_LIST_ENTRIES,
    })
    bics?: string[];

    @TextParam('Banks of this bank group (case-insensitive).')
    bankGroup?: string;

    @TextParam('Banks of this bank sub-group (case-insensitive).')
    bankSubGroup?: string;
  }
  return BankListingQuery as unknown as new () => T & BankListingParams;
}
