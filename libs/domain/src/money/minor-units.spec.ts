import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './minor-units.js';

describe('minor units', () => {
  it.each([
    ['10', 100000n],
    ['10.5', 105000n],
    ['0.0001', 1n],
    ['.25', 2500n],
    ['1.23456', 12345n],
    ['-1.5', -15000n],
    ['-0.0001', -1n],
  ])('%s is %s units', (text, units) => {
    expect(toMinorUnits(text)).toBe(units);
  });

  it.each([
    [0n, '0.00'],
    [1n, '0.0001'],
    [10n, '0.001'],
    [100n, '0.01'],
    [105000n, '10.50'],
    [12345n, '1.2345'],
    [-15000n, '-1.50'],
    [-1n, '-0.0001'],
  ])('%s units read %s', (units, text) => {
    expect(fromMinorUnits(units)).toBe(text);
  });

  it('adds exactly where floats do not', () => {
    expect(fromMinorUnits(toMinorUnits('0.1') + toMinorUnits('0.2'))).toBe('0.30');
  });

  it('round-trips every count of units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (units) => {
        expect(toMinorUnits(fromMinorUnits(units))).toBe(units);
      }),
    );
  });
});
