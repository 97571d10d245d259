import { describe, expect, it } from 'vitest';
import type { TokenRequestPayloadInput } from './token-request-payload.js';
import {
  checkCountryCode,
  checkDestinationHasNetwork,
  checkEndDateAfterStart,
  checkOneBody,
  checkOnlyBody,
  checkOnlyNetwork,
  checkStandingOrderDate,
  checkTokenExpiration,
  standingOrderDate,
  tokenRequestTimeProblems,
} from './token-request-rules.js';

describe('token request rules', () => {
  it('asks for exactly one body', () => {
    expect(checkOneBody({ refId: 'r' })).toContain('exactly one of transferBody, standingOrderBody, accessBody');
    expect(checkOneBody({ accessBody: {} })).toBeUndefined();
    expect(checkOnlyBody('transferBody', { transferBody: {}, accessBody: {} })).toContain(
      'must not be given together with accessBody',
    );
    expect(checkOnlyBody('transferBody', { transferBody: {}, accessBody: null })).toBeUndefined();
  });

  it('asks for exactly one network per destination, unsupported kinds counted', () => {
    expect(checkDestinationHasNetwork({ customerData: {} })).toContain('one account object keyed by its network');
    expect(checkDestinationHasNetwork({ token: {} })).toBeUndefined();
    expect(checkOnlyNetwork('sepa', { sepa: {}, fasterPayments: {} })).toContain('it also has fasterPayments');
    expect(checkOnlyNetwork('sepa', { sepa: {} })).toBeUndefined();
  });

  it('reads standing order dates in both forms and orders them', () => {
    expect(standingOrderDate('20300115')).toBe('2030-01-15');
    expect(standingOrderDate('2030-01-15')).toBe('2030-01-15');
    expect(standingOrderDate('2030-02-30')).toBeUndefined();
    expect(checkStandingOrderDate('15/01/2030')).toContain('YYYY-MM-DD or YYYYMMDD');
    expect(checkEndDateAfterStart('20300115', '2030-01-15')).toBe('must be after startDate (2030-01-15)');
    expect(checkEndDateAfterStart('2030-01-16', '20300115')).toBeUndefined();
    expect(checkEndDateAfterStart('2030-01-16', 'garbage')).toBeUndefined();
  });

  it('checks country codes and epoch milliseconds', () => {
    expect(checkCountryCode('GB')).toBeUndefined();
    expect(checkCountryCode('gb')).toContain('two-letter upper-case');
    expect(checkCountryCode('GBR')).toContain('two-letter upper-case');
    expect(checkTokenExpiration('1767225600000')).toBeUndefined();
    expect(checkTokenExpiration('-1')).toContain('epoch milliseconds');
    expect(checkTokenExpiration('1.5')).toContain('epoch milliseconds');
  });

  it('checks the dates against the clock', () => {
    const now = new Date('2030-01-15T10:00:00Z');
    const payload = (extra: Partial<TokenRequestPayloadInput>): TokenRequestPayloadInput => ({
      refId: 'r',
      to: { id: 'm' },
      redirectUrl: 'https://tpp.example',
      ...extra,
    });
    const instructions = { transferDestinations: [] };
    expect(
      tokenRequestTimeProblems(
        payload({ transferBody: { currency: 'GBP', lifetimeAmount: '1', instructions, executionDate: '2030-01-14' } }),
        now,
      ),
    ).toEqual([
      { path: 'requestPayload.transferBody.executionDate', message: 'must not be in the past (today is 2030-01-15)' },
    ]);
    expect(
      tokenRequestTimeProblems(
        payload({ transferBody: { currency: 'GBP', lifetimeAmount: '1', instructions, executionDate: '2030-01-15' } }),
        now,
      ),
    ).toEqual([]);
    const order = { amount: '1', currency: 'GBP', frequency: 'MNTH', instructions };
    expect(tokenRequestTimeProblems(payload({ standingOrderBody: { ...order, startDate: '20300114' } }), now)).toEqual([
      { path: 'requestPayload.standingOrderBody.startDate', message: 'must not be in the past (today is 2030-01-15)' },
    ]);
    expect(tokenRequestTimeProblems(payload({ standingOrderBody: { ...order, startDate: '20300115' } }), now)).toEqual(
      [],
    );
    expect(
      tokenRequestTimeProblems(payload({ accessBody: {}, tokenExpiration: String(now.getTime()) }), now).map(
        (p) => p.path,
      ),
    ).toEqual(['requestPayload.tokenExpiration']);
    expect(
      tokenRequestTimeProblems(payload({ accessBody: {}, tokenExpiration: String(now.getTime() + 1) }), now),
    ).toEqual([]);
  });
});
