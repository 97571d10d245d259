import { describe, expect, it } from 'vitest';
import { verificationProblem, type StoredVerification } from './account-verification.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const IBAN = 'DE89370400440532013000';

function stored(overrides: Partial<StoredVerification> = {}): StoredVerification {
  return {
    iban: IBAN,
    sortCode: null,
    accountNumber: null,
    name: 'Jane Doe',
    status: 'MATCH',
    matchedName: null,
    expiresAt: new Date(NOW.getTime() + 1000),
    ...overrides,
  };
}

describe('verificationProblem', () => {
  it('allows a match of the same IBAN and name', () => {
    expect(verificationProblem(stored(), { name: 'jane  doe', iban: IBAN }, NOW)).toBeUndefined();
  });

  it('refuses an expired verification, another account or another name', () => {
    expect(verificationProblem(stored({ expiresAt: NOW }), { name: 'Jane Doe', iban: IBAN }, NOW)).toMatch(/expired/);
    expect(verificationProblem(stored(), { name: 'Jane Doe', iban: 'GB29NWBK60161331926819' }, NOW)).toMatch(
      /another account/,
    );
    expect(verificationProblem(stored(), { name: 'John Doe', iban: IBAN }, NOW)).toMatch(/not the creditor/);
  });

  it('allows a close match only with the holder’s name, and never a no match', () => {
    const close = stored({ status: 'CLOSE_MATCH', name: 'J Doe', matchedName: 'Jane Doe' });
    expect(verificationProblem(close, { name: 'J Doe', iban: IBAN }, NOW)).toMatch(/close match/);
    expect(verificationProblem(close, { name: 'Jane Doe', iban: IBAN }, NOW)).toBeUndefined();
    expect(verificationProblem(stored({ status: 'NO_MATCH' }), { name: 'Jane Doe', iban: IBAN }, NOW)).toMatch(
      /does not match/,
    );
    expect(
      verificationProblem(stored({ status: 'VERIFICATION_NOT_POSSIBLE' }), { name: 'Jane Doe', iban: IBAN }, NOW),
    ).toBeUndefined();
  });

  it('matches sort code accounts by sort code and account number', () => {
    const scan = stored({ iban: null, sortCode: '123456', accountNumber: '12345678' });
    expect(
      verificationProblem(scan, { name: 'Jane Doe', sortCode: '123456', accountNumber: '12345678' }, NOW),
    ).toBeUndefined();
    expect(verificationProblem(scan, { name: 'Jane Doe', sortCode: '123456', accountNumber: '87654321' }, NOW)).toMatch(
      /another account/,
    );
  });
});
