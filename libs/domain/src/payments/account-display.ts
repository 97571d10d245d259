import type { PaymentAccountFields } from '../shared/payment-fields.js';

/** Six digits as people read a UK sort code: `04-00-04`. Anything else is returned trimmed. */
export function displaySortCode(sortCode: string): string {
  const digits = sortCode.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : sortCode.trim();
}

/** An IBAN in upper case, in groups of four: `DE89 3704 0044 0532 0130 00`. */
export function displayIban(iban: string): string {
  const compact = iban.replace(/\s/g, '').toUpperCase();
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A UK account: sort code, a space, the account number (`04-00-04 12345678`). */
export function displayUkAccount(sortCode: string, accountNumber: string): string {
  return `${displaySortCode(sortCode)} ${accountNumber.trim()}`;
}

/**
 * How a payee's account reads to a person, from the fields a payment carries: the IBAN in groups
 * of four, sort code and account number, Bankgiro `1234-5678` / Plusgiro `1234567-8`, a BBAN as
 * given. Undefined when the fields name no account.
 */
export function displayAccount(account: PaymentAccountFields): string | undefined {
  if (account.iban !== undefined) return displayIban(account.iban);
  if (account.sortCode !== undefined && account.accountNumber !== undefined)
    return displayUkAccount(account.sortCode, account.accountNumber);
  if (account.bankgiroNumber !== undefined) {
    const digits = account.bankgiroNumber.replace(/\D/g, '');
    return `Bankgiro ${digits.length >= 7 ? `${digits.slice(0, -4)}-${digits.slice(-4)}` : digits}`;
  }
  if (account.plusgiroNumber !== undefined) {
    const digits = account.plusgiroNumber.replace(/\D/g, '');
    return `Plusgiro ${digits.length >= 2 ? `${digits.slice(0, -1)}-${digits.slice(-1)}` : digits}`;
  }
  const bban = account.bban ?? account.accountNumber;
  if (bban !== undefined) return account.clearingNumber === undefined ? bban : `${account.clearingNumber} ${bban}`;
  return undefined;
}

/**
 * An account as a UK Open Banking `SchemeName` / `Identification` pair reads to a person:
 * SortCodeAccountNumber as `04-00-04 12345678`, IBAN in groups of four, anything else as given.
 */
export function displayObieAccount(schemeName: string, identification: string): string {
  const scheme = schemeName.replace(/^UK\.OBIE\./, '');
  const compact = identification.replace(/\s/g, '');
  if (scheme === 'SortCodeAccountNumber' && /^\d{14}$/.test(compact))
    return displayUkAccount(compact.slice(0, 6), compact.slice(6));
  if (scheme === 'IBAN') return displayIban(compact);
  return identification.trim();
}

/**
 * An amount and its currency as people read them: thousands separated, the decimals as given
 * (never through a float), the ISO code after it: `1,234.50 GBP`.
 */
export function displayAmount(value: string, currency: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(value.trim());
  if (match === null) return `${value} ${currency}`.trim();
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}${match[2] ?? ''} ${currency}`.trim();
}
