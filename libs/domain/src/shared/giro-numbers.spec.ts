import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBankgiroNumber, checkPlusgiroNumber, hasLuhnCheckDigit, normalizeGiroNumber } from './giro-numbers.js';

/** The digits with their Luhn check digit appended. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (hasLuhnCheckDigit(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('unreachable');
}

describe('hasLuhnCheckDigit', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['50501055', true],
    ['0', true],
  ])('%s -> %s', (digits, expected) => {
    expect(hasLuhnCheckDigit(digits)).toBe(expected);
  });
});

describe('checkBankgiroNumber', () => {
  it.each([
    ['5050-1055', undefined],
    ['50501055', undefined],
    ['1234566', undefined],
    ['123-4566', undefined],
    ['5050 1055', undefined],
    ['5050-1056', 'has an invalid check digit'],
    ['123456', 'must be a bankgiro number of 7 to 8 digits'],
    ['505010550', 'must be a bankgiro number of 7 to 8 digits'],
    ['5050--1055', 'must be a bankgiro number of 7 to 8 digits'],
    ['-50501055', 'must be a bankgiro number of 7 to 8 digits'],
    ['5050A055', 'must be a bankgiro number of 7 to 8 digits'],
  ])('%j -> %s', (value, expected) => {
    expect(checkBankgiroNumber(value)).toBe(expected);
  });

  it('numbers with a valid check digit pass; any single changed digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,7}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const number = withCheckDigit(body);
        const index = at % number.length;
        const changed = `${number.slice(0, index)}${(Number(number[index]) + shift) % 10}${number.slice(index + 1)}`;
        return (
          checkBankgiroNumber(number) === undefined && checkBankgiroNumber(changed) === 'has an invalid check digit'
        );
      }),
    );
  });
});

describe('checkPlusgiroNumber', () => {
  it.each([
    ['28 65 43-4', undefined],
    ['2865434', undefined],
    ['4711-8', undefined],
    ['91', undefined],
    ['4711-4', 'has an invalid check digit'],
    ['9', 'must be a PlusGiro number of 2 to 8 digits'],
    ['123456789', 'must be a PlusGiro number of 2 to 8 digits'],
  ])('%j -> %s', (value, expected) => {
    expect(checkPlusgiroNumber(value)).toBe(expected);
  });

  it('numbers with a valid check digit pass; any single changed digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,7}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const number = withCheckDigit(body);
        const index = at % number.length;
        const changed = `${number.slice(0, index)}${(Number(number[index]) + shift) % 10}${number.slice(index + 1)}`;
        return (
          checkPlusgiroNumber(number) === undefined && checkPlusgiroNumber(changed) === 'has an invalid check digit'
        );
      }),
    );
  });

  it('normalizes to digits', () => {
    expect(normalizeGiroNumber(' 28 65 43-4 ')).toBe('2865434');
  });
});
