import { code as currencyRecord } from 'currency-codes';
import { Decimal } from 'decimal.js';

/**
 * Amounts are decimal strings: digits, an optional point and 1-4 fraction digits. No sign, no
 * exponent, no leading zeros, no spaces or group separators. The value must be above zero; the
 * fraction may not have more digits than the currency's minor unit (JPY 0, GBP 2, BHD 3) as
 * written (`10.500` GBP is refused, not rounded); the integer part has at most 14 digits, so a
 * value has at most 18 digits in all (the ISO 20022 amount size).
 */
export const AMOUNT_MAX_FRACTION_DIGITS = 4;
export const AMOUNT_MAX_INTEGER_DIGITS = 14;
/** The longest amount value written: every integer digit, the point and every fraction digit. */
export const AMOUNT_VALUE_MAX_LENGTH = AMOUNT_MAX_INTEGER_DIGITS + 1 + AMOUNT_MAX_FRACTION_DIGITS;
/** The written shape of an amount value (what checkAmountValue then checks against the currency and zero). */
export const AMOUNT_VALUE_PATTERN = `^(?:0|[1-9]\\d{0,${AMOUNT_MAX_INTEGER_DIGITS - 1}})(?:\\.\\d{1,${AMOUNT_MAX_FRACTION_DIGITS}})?$`;
/** An ISO 4217 code as written (checkCurrency then asks the code list). */
export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * ISO 4217 entries that are not money a bank moves: precious metals, bond-market units, the
 * testing code and "no currency" (the data marks them with country names starting "Zz").
 */
function isNonCurrency(countries: readonly string[]): boolean {
  return countries.length > 0 && countries.every((country) => country.startsWith('Zz'));
}

/** A current ISO 4217 code, three upper-case letters. */
export function checkCurrency(value: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(value)) return 'must be an ISO 4217 currency code: three upper-case letters such as EUR';
  const record = currencyRecord(value);
  if (record === undefined) return `must be an ISO 4217 currency code; ${value} is not one`;
  if (isNonCurrency(record.countries))
    return `must be a currency; ${value} (${record.currency}) is not one payments can use`;
  return undefined;
}

/** Digits after the decimal point the currency uses, or undefined for an unknown code. */
export function currencyMinorUnits(currency: string): number | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  return currencyRecord(currency)?.digits;
}

/**
 * The amount value. Without a known currency only the general shape is checked (the currency
 * gets its own problem).
 */
export function checkAmountValue(value: string, currency?: string): string | undefined {
  const match = DECIMAL.exec(value);
  if (match === null) {
    return 'must be a decimal string such as 10.50: digits with an optional decimal point, without sign, exponent, spaces or separators';
  }
  const integer = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (integer.length > 1 && integer.startsWith('0')) return 'must not have leading zeros';
  if (integer.length > AMOUNT_MAX_INTEGER_DIGITS)
    return `must have at most ${AMOUNT_MAX_INTEGER_DIGITS} digits before the decimal point`;
  if (fraction.length > AMOUNT_MAX_FRACTION_DIGITS)
    return `must have at most ${AMOUNT_MAX_FRACTION_DIGITS} digits after the decimal point`;
  const minor = currency === undefined ? undefined : currencyMinorUnits(currency);
  if (minor !== undefined && fraction.length > minor) {
    return minor === 0
      ? `must be a whole number for ${currency}`
      : `must have at most ${minor} digits after the decimal point for ${currency}`;
  }
  if (!new Decimal(value).greaterThan(0)) return 'must be greater than 0';
  return undefined;
}

/** True when a valid amount value is at most `limit` (both decimal strings). */
export function amountAtMost(value: string, limit: string): boolean {
  return new Decimal(value).lessThanOrEqualTo(limit);
}
