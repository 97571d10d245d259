import { validateIBAN } from 'ibantools';
import { normalizeAccountNumber } from './uk-account.js';

/**
 * A Polish domestic account number (NRB, ELIXIR): 26 digits, printed groups of spaces allowed.
 * Its first two digits are the IBAN check digits of `PL` + the number, so it is checked as that
 * IBAN (mod-97 and the bank's sort-code check digit).
 */
export function checkPolishAccountNumber(value: string): string | undefined {
  const digits = normalizeAccountNumber(value);
  if (!/^\d{26}$/.test(digits)) return 'must be a Polish account number of 26 digits';
  return validateIBAN(`PL${digits}`).valid ? undefined : 'has an invalid check digit';
}
