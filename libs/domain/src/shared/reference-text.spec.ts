import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRefId,
  checkRemittancePrimary,
  checkRemittanceSecondary,
  checkText,
  normalizeText,
  usesRecommendedCharacters,
} from './reference-text.js';

describe('checkRefId', () => {
  it.each([
    ['9htio4a1sp2akdr1aa', undefined],
    ['a', undefined],
    ['  padded-ref  ', undefined],
    ['ÄÖÜ-ref', undefined],
    ['ref with spaces', undefined],
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    ['1234567890123456789', 'must be at most 18 characters (it has 19)'],
    ['line\nbreak', 'must not contain control characters (line breaks, tabs and the like)'],
    ['tab\there', 'must not contain control characters (line breaks, tabs and the like)'],
  ])('%j -> %s', (value, expected) => {
    expect(checkRefId(value)).toBe(expected);
  });

  it('counts characters, not UTF-16 code units', () => {
    expect(checkRefId('😀'.repeat(18))).toBeUndefined();
    expect(checkRefId('😀'.repeat(19))).toBe('must be at most 18 characters (it has 19)');
  });

  it('measures the trimmed text (what is stored)', () => {
    expect(checkRefId(` ${'a'.repeat(18)} `)).toBeUndefined();
  });

  it('any text of 1-18 printable characters passes', () => {
    const printable = fc
      .string({ unit: fc.constantFrom(...'ABCxyz0189-_./ &ÄØ'.split('')), minLength: 1, maxLength: 18 })
      .filter((s) => s.trim() !== '');
    fc.assert(fc.property(printable, (value) => checkRefId(value) === undefined));
  });
});

describe('checkRemittancePrimary', () => {
  it('allows 35 characters, 18 for FASTER_PAYMENTS', () => {
    expect(checkRemittancePrimary('a'.repeat(35))).toBeUndefined();
    expect(checkRemittancePrimary('a'.repeat(36))).toBe('must be at most 35 characters (it has 36)');
    expect(checkRemittancePrimary('a'.repeat(35), 'SEPA')).toBeUndefined();
    expect(checkRemittancePrimary('a'.repeat(18), 'FASTER_PAYMENTS')).toBeUndefined();
    expect(checkRemittancePrimary('a'.repeat(19), 'FASTER_PAYMENTS')).toBe(
      'must be at most 18 characters (it has 19) for FASTER_PAYMENTS',
    );
  });

  it('refuses blank and control characters on every rail', () => {
    expect(checkRemittancePrimary(' ', 'FASTER_PAYMENTS')).toBe('must not be empty');
    expect(checkRemittancePrimary('a\u0007b')).toBe(
      'must not contain control characters (line breaks, tabs and the like)',
    );
  });
});

describe('checkRemittanceSecondary', () => {
  it('allows 140 characters', () => {
    expect(checkRemittanceSecondary('b'.repeat(140))).toBeUndefined();
    expect(checkRemittanceSecondary('b'.repeat(141))).toBe('must be at most 140 characters (it has 141)');
  });
});

describe('checkText and helpers', () => {
  it('refuses C1 controls and line separators too', () => {
    expect(checkText('a\u0085b', 10)).toMatch(/control characters/);
    expect(checkText('a\u2028b', 10)).toMatch(/control characters/);
  });

  it('normalizeText trims', () => {
    expect(normalizeText('  x y  ')).toBe('x y');
  });

  it('usesRecommendedCharacters: Latin letters, digits and hyphen only', () => {
    expect(usesRecommendedCharacters('INV-2026-001')).toBe(true);
    expect(usesRecommendedCharacters('INV 2026/001')).toBe(false);
    expect(usesRecommendedCharacters('Zahlung-Ä')).toBe(false);
  });
});
