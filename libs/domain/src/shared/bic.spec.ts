import { describe, expect, it } from 'vitest';
import { checkBic, normalizeBic } from './bic.js';

describe('checkBic', () => {
  it.each([
    ['COBADEFFXXX', undefined],
    ['DEUTDEFF', undefined],
    ['NWBKGB2L', undefined],
    ['deutdeff', undefined],
    ['BOFI IE2D', undefined],
    ['DEUTDEF', 'must be a BIC of 8 or 11 characters (it has 7)'],
    ['DEUTDEFF5', 'must be a BIC of 8 or 11 characters (it has 9)'],
    ['', 'must be a BIC of 8 or 11 characters (it has 0)'],
    [
      '1EUTDEFF',
      'must be a BIC: 4 letters of bank code, 2 of country, 2 of location and an optional 3-character branch',
    ],
    [
      'DEUT1EFF',
      'must be a BIC: 4 letters of bank code, 2 of country, 2 of location and an optional 3-character branch',
    ],
    [
      'DEUTDEF-',
      'must be a BIC: 4 letters of bank code, 2 of country, 2 of location and an optional 3-character branch',
    ],
    ['DEUTZZFF', 'must be a BIC; ZZ is not a country code'],
  ])('%j -> %s', (value, expected) => {
    expect(checkBic(value)).toBe(expected);
  });

  it('normalizes to upper case without spaces', () => {
    expect(normalizeBic(' cobadeff xxx ')).toBe('COBADEFFXXX');
  });
});
