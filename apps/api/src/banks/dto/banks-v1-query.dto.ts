import { BankCountriesQuery } from './bank-countries-query.dto.js';
import { MAX_LIST_ENTRIES } from './bank-filter-query.dto.js';
import { ChoiceParam, ListParam, PositiveIntParam, TextParam } from './bank-query-params.js';

export const BANK_LIST_DEFAULTS = { page: 1, perPage: 200, maxPerPage: 200 } as const;
export const V1_SORTS = ['name', 'provider', 'country'] as const;
export type V1Sort = (typeof V1_SORTS)[number];

/** GET /banks: the countries filters plus paging, sort, BICs and bank groups. */
export class BanksV1Query extends BankCountriesQuery {
  @PositiveIntParam('The page to answer, from 1.', Number.MAX_SAFE_INTEGER, BANK_LIST_DEFAULTS.page)
  page?: number;

  @PositiveIntParam('Banks per page, at most 200.', BANK_LIST_DEFAULTS.maxPerPage, BANK_LIST_DEFAULTS.perPage)
  perPage?: number;

  @ChoiceParam('The order of the list.', V1_SORTS, 'name')
  sort?: V1Sort;

  @ListParam({ description: 'BICs, matched whole and case-insensitively, at most 1000.', maxEntries: MAX_LIST_ENTRIES })
  bics?: string[];

  @TextParam('Banks of this bank group (case-insensitive).')
  bankGroup?: string;

  @TextParam('Banks of this bank sub-group (case-insensitive).')
  bankSubGroup?: string;
}
