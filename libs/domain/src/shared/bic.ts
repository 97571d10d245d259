import { validateBIC } from 'ibantools';

/** BICs (ISO 9362) are accepted in either case and kept upper case without spaces. */
export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** 8 or 11 characters: bank code (4 letters), a known country, location (2), optional branch (3). */
export function checkBic(value: string): string | undefined {
  const bic = normalizeBic(value);
  if (bic.length !== 8 && bic.length !== 11) return `must be a BIC of 8 or 11 characters (it has ${bic.length})`;
  if (!/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(bic))
    return 'must be a BIC: 4 letters of bank code, 2 of country, 2 of location and an optional 3-character branch';
  if (!validateBIC(bic).valid) return `must be a BIC; ${bic.slice(4, 6)} is not a country code`;
  return undefined;
}
