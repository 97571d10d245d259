import { describe, expect, it } from 'vitest';
import { TOKEN_REQUEST_STATUSES, tokenRequestStatusMachine, type TokenRequestStatus } from './token-request-status.js';
import { TOKEN_STATUSES, isTokenUsable, tokenStatusMachine, type TokenStatus } from './token-status.js';

/** The allowed moves written out independently of the tables: every other pair is refused. */
const REQUEST_MOVES: ReadonlySet<string> = new Set(['PENDING>PROCESSED', 'PENDING>REJECTED', 'PENDING>EXPIRED']);
const TOKEN_MOVES: ReadonlySet<string> = new Set(['ACTIVE>CANCELLED', 'ACTIVE>EXPIRED']);

const pairs = <S extends string>(statuses: readonly S[]): [S, S][] =>
  statuses.flatMap((from) => statuses.map((to): [S, S] => [from, to]));

describe('the token request status machine', () => {
  it.each(pairs<TokenRequestStatus>(TOKEN_REQUEST_STATUSES))('%s -> %s as the table says', (from, to) => {
    expect(tokenRequestStatusMachine.canMove(from, to)).toBe(REQUEST_MOVES.has(`${from}>${to}`));
  });

  it('has PENDING as its only non-final status', () => {
    expect(TOKEN_REQUEST_STATUSES.filter((status) => !tokenRequestStatusMachine.isFinal(status))).toEqual(['PENDING']);
  });
});

describe('the token status machine', () => {
  it.each(pairs<TokenStatus>(TOKEN_STATUSES))('%s -> %s as the table says', (from, to) => {
    expect(tokenStatusMachine.canMove(from, to)).toBe(TOKEN_MOVES.has(`${from}>${to}`));
  });

  it('has ACTIVE as its only non-final status', () => {
    expect(TOKEN_STATUSES.filter((status) => !tokenStatusMachine.isFinal(status))).toEqual(['ACTIVE']);
  });
});

describe('isTokenUsable', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it.each([
    ['active without an expiry', { status: 'ACTIVE', expiresAt: null }, true],
    ['active before its expiry', { status: 'ACTIVE', expiresAt: new Date('2026-11-24T12:00:01Z') }, true],
    ['active at its expiry', { status: 'ACTIVE', expiresAt: now }, false],
    [
      'active past its expiry (before a timer marks it)',
      { status: 'ACTIVE', expiresAt: new Date('2026-01-01') },
      false,
    ],
    ['cancelled', { status: 'CANCELLED', expiresAt: null }, false],
    ['expired', { status: 'EXPIRED', expiresAt: null }, false],
  ])('%s: %s', (_label, token, usable) => {
    expect(isTokenUsable(token, now)).toBe(usable);
  });
});
