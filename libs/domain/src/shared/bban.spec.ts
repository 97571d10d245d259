import { describe, expect, it } from 'vitest';
import { checkBban, checkClearingNumber, normalizeBban, normalizeClearingNumber } from './bban.js';

describe('checkBban', () => {
  it.each([
    ['50000000058398257466', undefined],
    ['nwbk 6016 1331 9268 19', undefined],
    ['1234', undefined],
    ['123', 'must be an account number of 4 to 30 letters and digits'],
    ['1'.repeat(31), 'must be an account number of 4 to 30 letters and digits'],
    ['1234-5678', 'must be an account number of 4 to 30 letters and digits'],
  ])('%j -> %s', (value, expected) => {
    expect(checkBban(value)).toBe(expected);
  });

  it('normalizes to upper case without spaces', () => {
    expect(normalizeBban('nwbk 6016')).toBe('NWBK6016');
  });
});

describe('checkClearingNumber', () => {
  it.each([
    ['8327', undefined],
    ['8327-9', undefined],
    ['87654321', undefined],
    ['762', undefined],
    ['76', 'must be a clearing number of 3 to 8 digits'],
    ['876543210', 'must be a clearing number of 3 to 8 digits'],
    ['83A7', 'must be a clearing number of 3 to 8 digits'],
  ])('%j -> %s', (value, expected) => {
    expect(checkClearingNumber(value)).toBe(expected);
  });

  it('normalizes to digits', () => {
    expect(normalizeClearingNumber('8327-9')).toBe('83279');
  });
});
