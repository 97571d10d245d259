import { describe, expect, it } from 'vitest';
import { randomBase58 } from '../identifiers/random-id.js';
import { CONSENT_KINDS, callbackStateOf, parseCallbackState } from './callback-state.js';

describe('callback state', () => {
  const token = randomBase58(32);

  it('a payment state is the bare token, as every payment state has been', () => {
    expect(callbackStateOf('payment', token)).toBe(token);
    expect(parseCallbackState(token)).toEqual({ kind: 'payment', token });
  });

  it('every kind round-trips, and no two kinds give the same state for one token', () => {
    const states = CONSENT_KINDS.map((kind) => callbackStateOf(kind, token));
    expect(new Set(states).size).toBe(CONSENT_KINDS.length);
    for (const kind of CONSENT_KINDS) expect(parseCallbackState(callbackStateOf(kind, token))).toEqual({ kind, token });
  });

  it('other kinds carry their prefix', () => {
    expect(callbackStateOf('vrp-consent', token)).toBe(`vc.${token}`);
    expect(callbackStateOf('token-request', token)).toBe(`tr.${token}`);
    expect(callbackStateOf('account-access', token)).toBe(`aa.${token}`);
  });

  it.each([
    ['empty', ''],
    ['unknown prefix', `zz.${token}`],
    ['empty prefix', `.${token}`],
    ['prefix without token', 'vc.'],
    ['a second separator', `vc.vc.${token}`],
    ['not base58', 'token-1-0.5'],
    ['base58 look-alikes', `vc.${token.slice(1)}0`],
    ['too long', 'a'.repeat(65)],
    ['upper-case prefix', `VC.${token}`],
  ])('names nothing: %s', (_label, state) => {
    expect(parseCallbackState(state)).toBeNull();
  });

  it('refuses to encode a token that could not be parsed back', () => {
    expect(() => callbackStateOf('payment', 'vc.abc')).toThrow(RangeError);
    expect(() => callbackStateOf('vrp-consent', '')).toThrow(RangeError);
  });
});
