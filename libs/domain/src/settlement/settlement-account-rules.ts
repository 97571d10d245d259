import { checkCurrency } from '../shared/amount.js';

/** The currencies settlement accounts are opened in: EUR (IBAN and BIC) and GBP (sort code and account number). */
export const SETTLEMENT_CURRENCIES = ['EUR', 'GBP'] as const;
export type SettlementCurrency = (typeof SETTLEMENT_CURRENCIES)[number];

export const ACCOUNT_NICK_NAME_MAX = 50;

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** currency: an ISO 4217 code the gateway opens settlement accounts in. */
export function checkSettlementCurrency(value: string): string | undefined {
  const problem = checkCurrency(value);
  if (problem !== undefined) return problem;
  return (SETTLEMENT_CURRENCIES as readonly string[]).includes(value)
    ? undefined
    : `must be one of ${SETTLEMENT_CURRENCIES.join(', ')}: settlement accounts are not opened in ${value}`;
}

/** country: an ISO 3166-1 alpha-2 code in upper case that names a country or territory. */
export function checkSettlementCountry(value: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(value)) return 'must be a two-letter country code in upper case (ISO 3166-1 alpha-2)';
  return value === 'ZZ' || REGION_NAMES.of(value) === value
    ? `must be an ISO 3166-1 alpha-2 country code; ${value} is not one`
    : undefined;
}

/** accountNickName: up to 50 letters, digits, hyphens, underscores and spaces. */
export function checkAccountNickName(value: string): string | undefined {
  if (value.length > ACCOUNT_NICK_NAME_MAX) return `must have at most ${ACCOUNT_NICK_NAME_MAX} characters`;
  return /^[\p{L}\p{N}_ -]*$/u.test(value)
    ? undefined
    : 'must contain only letters, digits, hyphens, underscores and spaces';
}
