import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPolishAccountNumber } from './polish-account-number.js';

const VALID = '61109010140000071219812874';

describe('checkPolishAccountNumber', () => {
  it.each([
    [VALID, undefined],
    ['61 1090 1014 0000 0712 1981 2874', undefined],
    ['6110901014000007121981287', 'must be a Polish account number of 26 digits'],
    ['PL61109010140000071219812874', 'must be a Polish account number of 26 digits'],
    ['12345678', 'must be a Polish account number of 26 digits'],
    ['62109010140000071219812874', 'has an invalid check digit'],
  ])('%j -> %s', (value, expected) => {
    expect(checkPolishAccountNumber(value)).toBe(expected);
  });

  it('any single changed digit fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 1, max: 9 }), (index, shift) => {
        const changed = `${VALID.slice(0, index)}${(Number(VALID[index]) + shift) % 10}${VALID.slice(index + 1)}`;
        return checkPolishAccountNumber(changed) !== undefined;
      }),
    );
  });
});
