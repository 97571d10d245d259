import { BankCountriesQuery } from './bank-countries-query.dto.js';
import { withBankListing } from './bank-listing-query.js';
import { ChoiceParam } from './bank-query-params.js';

export const V1_SORTS = ['name', 'provider', 'country'] as const;
export type V1Sort = (typeof V1_SORTS)[number];

/** GET /banks: the countries filters plus paging, sort, BICs and bank groups. */
export class BanksV1Query extends withBankListing(BankCountriesQuery) {
  @ChoiceParam('The order of the list.', V1_SORTS, 'name')
  sort?: V1Sort;
}
