/**
 * UK domestic accounts (FASTER_PAYMENTS): a sort code of six digits, accepted as `123456` or in
 * the printed form `12-34-56` and kept as six digits; an account number of exactly eight digits.
 */
export const SORT_CODE_FORMS = /^(?:\d{6}|\d{2}-\d{2}-\d{2})$/;

export function normalizeSortCode(value: string): string {
  const trimmed = value.trim();
  return SORT_CODE_FORMS.test(trimmed) ? trimmed.replace(/-/g, '') : trimmed;
}

export function checkSortCode(value: string): string | undefined {
  return SORT_CODE_FORMS.test(value.trim()) ? undefined : 'must be 6 digits, written 123456 or 12-34-56';
}

export function normalizeAccountNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

export function checkUkAccountNumber(value: string): string | undefined {
  return /^\d{8}$/.test(normalizeAccountNumber(value)) ? undefined : 'must be 8 digits for a UK account';
}
