import { describe, expect, it } from 'vitest';
import { consentGrants, validConsentBody } from './consent-body.js';

const BASE = {
  recurringIndicator: true,
  validUntil: '2027-01-01',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
};
const MINE = 'DE89370400440532013000';
const OTHER = 'AT611904300234573201';

describe('consents', () => {
  it('allPsd2 shares everything; availableAccounts only the list', () => {
    const all = validConsentBody({ ...BASE, access: { allPsd2: 'allAccounts' } }, '2026-11-22').access;
    expect(['accounts', 'balances', 'transactions'].every((what) => consentGrants(all, MINE, what as 'accounts'))).toBe(
      true,
    );
    const list = validConsentBody({ ...BASE, access: { availableAccounts: 'allAccounts' } }, '2026-11-22').access;
    expect([consentGrants(list, MINE, 'accounts'), consentGrants(list, MINE, 'balances')]).toEqual([true, false]);
  });

  it('empty lists are a bank-offered consent; named accounts limit it', () => {
    const offered = validConsentBody({ ...BASE, access: { accounts: [], balances: [] } }, '2026-11-22').access;
    expect([
      consentGrants(offered, OTHER, 'accounts'),
      consentGrants(offered, OTHER, 'balances'),
      consentGrants(offered, OTHER, 'transactions'),
    ]).toEqual([true, true, false]);
    const named = validConsentBody({ ...BASE, access: { balances: [{ iban: MINE }] } }, '2026-11-22').access;
    expect([
      consentGrants(named, MINE, 'accounts'),
      consentGrants(named, MINE, 'balances'),
      consentGrants(named, OTHER, 'accounts'),
    ]).toEqual([true, true, false]);
  });

  it('refuses a past validUntil and an access naming nothing', () => {
    expect(() =>
      validConsentBody({ ...BASE, validUntil: '2026-11-21', access: { allPsd2: 'allAccounts' } }, '2026-11-22'),
    ).toThrow(expect.objectContaining({ code: 'PERIOD_INVALID' }));
    expect(() => validConsentBody({ ...BASE, access: {} }, '2026-11-22')).toThrow(
      expect.objectContaining({ code: 'FORMAT_ERROR', path: 'access' }),
    );
  });
});
