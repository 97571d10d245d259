import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_VALUE_MAX_LENGTH,
  AMOUNT_VALUE_PATTERN,
  amountAtMost,
  checkAmountValue,
  checkCurrency,
  currencyMinorUnits,
} from './amount.js';

describe('checkCurrency', () => {
  it.each([
    ['EUR', undefined],
    ['GBP', undefined],
    ['JPY', undefined],
    ['BHD', undefined],
    ['eur', 'must be an ISO 4217 currency code: three upper-case letters such as EUR'],
    ['EURO', 'must be an ISO 4217 currency code: three upper-case letters such as EUR'],
    ['', 'must be an ISO 4217 currency code: three upper-case letters such as EUR'],
    ['ABC', 'must be an ISO 4217 currency code; ABC is not one'],
    ['XAU', 'must be a currency; XAU (Gold) is not one payments can use'],
    ['XTS', 'must be a currency; XTS (Codes specifically reserved for testing purposes) is not one payments can use'],
    [
      'XXX',
      'must be a currency; XXX (The codes assigned for transactions where no currency is involved) is not one payments can use',
    ],
  ])('%j -> %s', (value, expected) => {
    expect(checkCurrency(value)).toBe(expected);
  });
});

describe('currencyMinorUnits', () => {
  it.each([
    ['JPY', 0],
    ['GBP', 2],
    ['EUR', 2],
    ['BHD', 3],
    ['CLF', 4],
    ['abc', undefined],
    ['QQQ', undefined],
  ])('%s -> %s', (currency, digits) => {
    expect(currencyMinorUnits(currency)).toBe(digits);
  });
});

describe('checkAmountValue', () => {
  const SHAPE =
    'must be a decimal string such as 10.50: digits with an optional decimal point, without sign, exponent, spaces or separators';
  it.each([
    ['10.50', 'GBP', undefined],
    ['10', 'GBP', undefined],
    ['0.01', 'GBP', undefined],
    ['10.5', 'GBP', undefined],
    ['1000', 'JPY', undefined],
    ['1.234', 'BHD', undefined],
    ['1.2345', 'CLF', undefined],
    ['1.2345', undefined, undefined],
    ['99999999999999.99', 'EUR', undefined],
    ['0', 'GBP', 'must be greater than 0'],
    ['0.00', 'GBP', 'must be greater than 0'],
    ['-1', 'GBP', SHAPE],
    ['+1', 'GBP', SHAPE],
    ['1e3', 'GBP', SHAPE],
    ['1E-2', 'GBP', SHAPE],
    ['1,000.00', 'GBP', SHAPE],
    ['1 000', 'GBP', SHAPE],
    [' 1.00', 'GBP', SHAPE],
    ['.5', 'GBP', SHAPE],
    ['5.', 'GBP', SHAPE],
    ['', 'GBP', SHAPE],
    ['NaN', 'GBP', SHAPE],
    ['Infinity', 'GBP', SHAPE],
    ['0x10', 'GBP', SHAPE],
    ['١٠', 'GBP', SHAPE],
    ['01.00', 'GBP', 'must not have leading zeros'],
    ['100000000000000', 'EUR', 'must have at most 14 digits before the decimal point'],
    ['1.23456', undefined, 'must have at most 4 digits after the decimal point'],
    ['1.23456', 'CLF', 'must have at most 4 digits after the decimal point'],
    ['10.505', 'GBP', 'must have at most 2 digits after the decimal point for GBP'],
    ['10.500', 'GBP', 'must have at most 2 digits after the decimal point for GBP'],
    ['100.5', 'JPY', 'must be a whole number for JPY'],
    ['1.2345', 'BHD', 'must have at most 3 digits after the decimal point for BHD'],
  ])('%j %s -> %s', (value, currency, expected) => {
    expect(checkAmountValue(value, currency)).toBe(expected);
  });

  const currencies = fc.constantFrom('JPY', 'GBP', 'EUR', 'BHD', 'CLF', 'KWD', 'ISK', 'SEK');

  it('any positive value with no more fraction digits than the currency passes', () => {
    fc.assert(
      fc.property(
        currencies,
        fc.bigInt({ min: 1n, max: 10n ** 14n - 1n }),
        fc.nat({ max: 9999 }),
        (currency, integer, fractionSeed) => {
          const digits = Math.min(currencyMinorUnits(currency) ?? 0, 4);
          const fraction = digits === 0 ? '' : `.${String(fractionSeed % 10 ** digits).padStart(digits, '0')}`;
          return checkAmountValue(`${integer}${fraction}`, currency) === undefined;
        },
      ),
    );
  });

  it('one more fraction digit than the currency allows always fails', () => {
    fc.assert(
      fc.property(currencies, fc.nat({ max: 10 ** 6 }), (currency, integer) => {
        const digits = Math.min(currencyMinorUnits(currency) ?? 0, 4) + 1;
        return checkAmountValue(`${integer}.${'1'.repeat(digits)}`, currency) !== undefined;
      }),
    );
  });

  it('JavaScript number renderings that are not plain decimals fail', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        const text = String(value);
        return /^(0|[1-9]\d{0,13})(\.\d{1,2})?$/.test(text) && value > 0
          ? checkAmountValue(text, 'EUR') === undefined
          : checkAmountValue(text, 'EUR') !== undefined;
      }),
    );
  });
});

describe('amountAtMost', () => {
  it('compares decimals exactly', () => {
    expect(amountAtMost('100000', '100000')).toBe(true);
    expect(amountAtMost('100000.00', '100000')).toBe(true);
    expect(amountAtMost('100000.01', '100000')).toBe(false);
    expect(amountAtMost('99999.9999', '100000')).toBe(true);
  });
});

describe('the documented shape of an amount value', () => {
  const documented = new RegExp(AMOUNT_VALUE_PATTERN);
  const written = fc.oneof(
    fc.stringMatching(/^\d{1,16}(?:\.\d{0,6})?$/),
    fc.string({ maxLength: 24 }),
    fc.constantFrom('0', '0.0001', '99999999999999.9999', '100000000000000', '01', '1.'),
  );

  it('holds every value the check accepts, within the documented length', () => {
    fc.assert(
      fc.property(written, (value) => {
        if (checkAmountValue(value) !== undefined) return;
        expect(value).toMatch(documented);
        expect(value.length).toBeLessThanOrEqual(AMOUNT_VALUE_MAX_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses only what the check refuses, apart from zero', () => {
    fc.assert(
      fc.property(written, (value) => {
        if (!documented.test(value) || /^0(?:\.0*)?$/.test(value)) return;
        expect(checkAmountValue(value)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});
