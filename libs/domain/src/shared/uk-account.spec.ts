import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSortCode, checkUkAccountNumber, normalizeSortCode } from './uk-account.js';

describe('checkSortCode', () => {
  it.each([
    ['040004', undefined],
    ['04-00-04', undefined],
    [' 040004 ', undefined],
    ['04000', 'must be 6 digits, written 123456 or 12-34-56'],
    ['0400045', 'must be 6 digits, written 123456 or 12-34-56'],
    ['04 00 04', 'must be 6 digits, written 123456 or 12-34-56'],
    ['0400-04', 'must be 6 digits, written 123456 or 12-34-56'],
    ['04-00-4', 'must be 6 digits, written 123456 or 12-34-56'],
    ['ab0004', 'must be 6 digits, written 123456 or 12-34-56'],
    ['', 'must be 6 digits, written 123456 or 12-34-56'],
  ])('%j -> %s', (value, expected) => {
    expect(checkSortCode(value)).toBe(expected);
  });

  it('normalizes both accepted forms to six digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (digits) => {
        const dashed = `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
        return (
          normalizeSortCode(digits) === digits &&
          normalizeSortCode(dashed) === digits &&
          checkSortCode(dashed) === undefined
        );
      }),
    );
  });
});

describe('checkUkAccountNumber', () => {
  it.each([
    ['12345678', undefined],
    ['1234 5678', undefined],
    ['1234567', 'must be 8 digits for a UK account'],
    ['123456789', 'must be 8 digits for a UK account'],
    ['1234567a', 'must be 8 digits for a UK account'],
  ])('%j -> %s', (value, expected) => {
    expect(checkUkAccountNumber(value)).toBe(expected);
  });
});
