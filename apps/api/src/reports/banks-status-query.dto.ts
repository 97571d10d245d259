import { MAX_LIST_ENTRIES } from '../banks/dto/bank-filter-query.dto.js';
import { ListParam } from '../banks/dto/bank-query-params.js';

/** GET /reports/banks/status: an optional filter on bank ids. */
export class BanksStatusQuery {
  @ListParam({
    description: 'Only these banks (ids matched whole, case-insensitively), at most 1000. Unknown ids are left out.',
    maxEntries: MAX_LIST_ENTRIES,
  })
  bankIds?: string[];
}
