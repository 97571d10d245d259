import { ListParam, TextParam } from './bank-query-params.js';

/** The bank ids and BICs a request may list (interface limits). */
export const MAX_LIST_ENTRIES = 1000;

export const COUNTRY_CODE = {
  regex: /^[A-Z]{2}$/,
  expected: 'ISO 3166-1 alpha-2 country codes in upper case',
} as const;
export const BANK_CODE = {
  regex: /^[A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?$/,
  expected: 'a BIC of 8 or 11 characters or a BLZ of 8',
} as const;

/** The query parameters every bank endpoint (v1 list, v2 list, countries) accepts. */
export class BankFilterQuery {
  @TextParam('The member id of the TPP. Accepted for compatibility; every member sees the same catalogue.')
  memberId?: string;

  @TextParam(
    'Banks the TPP with this id may access. Accepted; in the sandbox every TPP may access every bank, so it filters nothing.',
  )
  tppId?: string;

  @ListParam({
    description: 'Bank ids, matched whole and case-insensitively, at most 1000.',
    maxEntries: MAX_LIST_ENTRIES,
  })
  ids?: string[];

  @TextParam('Banks whose name, id, BIC or bank code contains this text (case-insensitive).')
  search?: string;

  @TextParam('A BIC (8 or 11 characters) or German BLZ (8), matched whole.', BANK_CODE)
  bankCode?: string;

  @ListParam({ description: 'Countries the bank operates in (ISO 3166-1 alpha-2, upper case).', pattern: COUNTRY_CODE })
  countries?: string[];
}
