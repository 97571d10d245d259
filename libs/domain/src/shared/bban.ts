/**
 * EU_DOMESTIC_NON_EURO accounts given without an IBAN. A BBAN (the country's own account number)
 * has no common format: 4 to 30 letters and digits, spaces allowed and removed, kept upper case.
 * A clearing number (Swedish clearingnummer, Swiss bank clearing number) has 3 to 8 digits; a
 * hyphen before a check digit (`8327-9`) and spaces are accepted and removed.
 */
export function normalizeBban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function checkBban(value: string): string | undefined {
  return /^[A-Z0-9]{4,30}$/.test(normalizeBban(value))
    ? undefined
    : 'must be an account number of 4 to 30 letters and digits';
}

export function normalizeClearingNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function checkClearingNumber(value: string): string | undefined {
  return /^\d{3,8}$/.test(normalizeClearingNumber(value)) ? undefined : 'must be a clearing number of 3 to 8 digits';
}
