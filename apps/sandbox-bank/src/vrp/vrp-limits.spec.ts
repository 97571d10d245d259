import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonDay, londonMidnight } from './london-calendar.js';
import { checkControlParameters, limitPeriod } from './vrp-limits.js';
import {
  PERIOD_ALIGNMENTS,
  PERIOD_TYPES,
  type ControlParameters,
  type PeriodAlignment,
  type PeriodType,
} from './vrp-consent-request.js';

const DAY_MS = 86_400_000;
const at = (iso: string): Date => new Date(iso);
const limit = (PeriodType: PeriodType, PeriodAlignment: PeriodAlignment, Amount = '300.00') => ({
  PeriodType,
  PeriodAlignment,
  Amount,
  Currency: 'GBP',
});
const period = (type: PeriodType, alignment: PeriodAlignment, start: string, now: string, amount?: string) => {
  const found = limitPeriod(limit(type, alignment, amount), at(start), at(now));
  return { start: found.start.toISOString(), allowed: found.allowed.toFixed(2) };
};

describe('limitPeriod: the examples of the OBIE VRP standard', () => {
  it('Example 1: Month / Calendar from 6 June, 300.00: 250.00 in June, 300.00 from July', () => {
    expect(period('Month', 'Calendar', '2021-06-06T10:00:00Z', '2021-06-20T10:00:00Z')).toEqual({
      start: '2021-05-31T23:00:00.000Z',
      allowed: '250.00',
    });
    expect(period('Month', 'Calendar', '2021-06-06T10:00:00Z', '2021-07-01T10:00:00Z')).toEqual({
      start: '2021-06-30T23:00:00.000Z',
      allowed: '300.00',
    });
  });

  it('Example 2: Month / Consent from 5 June, 500.00: 5 June to 4 July, then 5 July to 4 August', () => {
    expect(period('Month', 'Consent', '2021-06-05T10:00:00Z', '2021-07-04T22:00:00Z', '500.00')).toEqual({
      start: '2021-06-04T23:00:00.000Z',
      allowed: '500.00',
    });
    expect(period('Month', 'Consent', '2021-06-05T10:00:00Z', '2021-07-05T08:00:00Z', '500.00')).toEqual({
      start: '2021-07-04T23:00:00.000Z',
      allowed: '500.00',
    });
  });

  it('Example 3: Year / Calendar from 5 June 2021, 500.00: 287.67 (500 x 210 / 365), then 500.00', () => {
    expect(period('Year', 'Calendar', '2021-06-05T10:00:00Z', '2021-12-31T12:00:00Z', '500.00')).toEqual({
      start: '2021-01-01T00:00:00.000Z',
      allowed: '287.67',
    });
    expect(period('Year', 'Calendar', '2021-06-05T10:00:00Z', '2022-03-01T12:00:00Z', '500.00')).toEqual({
      start: '2022-01-01T00:00:00.000Z',
      allowed: '500.00',
    });
  });

  it('Example 4: Year / Consent from 5 June 2021: 5 June 2021 to 4 June 2022, then from 5 June 2022', () => {
    expect(period('Year', 'Consent', '2021-06-05T10:00:00Z', '2022-06-04T12:00:00Z', '500.00').start).toBe(
      '2021-06-04T23:00:00.000Z',
    );
    expect(period('Year', 'Consent', '2021-06-05T10:00:00Z', '2022-06-05T12:00:00Z', '500.00').start).toBe(
      '2022-06-04T23:00:00.000Z',
    );
  });
});

describe('limitPeriod: month ends and leap years', () => {
  it.each([
    ['2025-02-27T12:00:00Z', '2025-01-31T00:00:00.000Z'],
    ['2025-02-28T12:00:00Z', '2025-02-28T00:00:00.000Z'],
    ['2025-03-30T12:00:00Z', '2025-02-28T00:00:00.000Z'],
    ['2025-03-31T12:00:00Z', '2025-03-30T23:00:00.000Z'],
    ['2025-04-30T12:00:00Z', '2025-04-29T23:00:00.000Z'],
  ])('Month / Consent from 31 January 2025 at %s starts %s (clamped, never drifting)', (now, start) => {
    expect(period('Month', 'Consent', '2025-01-31T09:00:00Z', now).start).toBe(start);
  });

  it('Month / Consent from 31 January 2024 (a leap year): the second period starts 29 February', () => {
    expect(period('Month', 'Consent', '2024-01-31T09:00:00Z', '2024-02-29T12:00:00Z').start).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  it.each([
    ['2025-02-27T12:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['2025-02-28T12:00:00Z', '2025-02-28T00:00:00.000Z'],
    ['2027-03-01T12:00:00Z', '2027-02-28T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('Year / Consent from 29 February 2024 at %s starts %s', (now, start) => {
    expect(period('Year', 'Consent', '2024-02-29T09:00:00Z', now).start).toBe(start);
  });

  it('Year / Calendar from 1 March 2024 pro-rates over 366 days: 500 x 306 / 366 = 418.03', () => {
    expect(period('Year', 'Calendar', '2024-03-01T09:00:00Z', '2024-05-01T09:00:00Z', '500.00').allowed).toBe('418.03');
  });

  it('Half-year / Calendar: January and July; from 1 April 2026 the first half allows 91 of 181 days', () => {
    expect(period('Half-year', 'Calendar', '2026-04-01T09:00:00Z', '2026-06-30T09:00:00Z', '181.00')).toEqual({
      start: '2026-01-01T00:00:00.000Z',
      allowed: '91.00',
    });
    expect(period('Half-year', 'Calendar', '2026-04-01T09:00:00Z', '2026-07-01T09:00:00Z').start).toBe(
      '2026-06-30T23:00:00.000Z',
    );
  });

  it('Half-year / Consent from 31 August: 28 February next, then 31 August', () => {
    expect(period('Half-year', 'Consent', '2026-08-31T09:00:00Z', '2027-03-01T09:00:00Z').start).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });
});

describe('limitPeriod: ISO weeks, fortnights and days', () => {
  it.each([
    ['2026-11-22T15:00:00Z', '2026-11-16T00:00:00.000Z'],
    ['2026-11-23T00:30:00Z', '2026-11-23T00:00:00.000Z'],
    ['2027-01-01T12:00:00Z', '2026-12-28T00:00:00.000Z'],
    ['2026-07-05T22:59:00Z', '2026-06-28T23:00:00.000Z'],
    ['2026-07-05T23:00:00Z', '2026-07-05T23:00:00.000Z'],
  ])('Week / Calendar at %s starts on Monday %s (London)', (now, start) => {
    expect(period('Week', 'Calendar', '2026-01-01T00:00:00Z', now).start).toBe(start);
  });

  it('Week / Calendar from a Wednesday: the first week allows 5 of 7 days', () => {
    expect(period('Week', 'Calendar', '2026-11-18T09:00:00Z', '2026-11-20T09:00:00Z', '70.00').allowed).toBe('50.00');
  });

  it('Fortnight runs from the consent, even asked for a calendar', () => {
    expect(period('Fortnight', 'Consent', '2026-11-05T09:00:00Z', '2026-11-20T09:00:00Z').start).toBe(
      '2026-11-19T00:00:00.000Z',
    );
    expect(period('Fortnight', 'Calendar', '2026-11-05T09:00:00Z', '2026-11-18T23:59:00Z').start).toBe(
      '2026-11-05T00:00:00.000Z',
    );
  });

  it.each([
    ['2026-07-01T23:30:00Z', '2026-07-01T23:00:00.000Z'],
    ['2026-12-01T23:30:00Z', '2026-12-01T00:00:00.000Z'],
    ['2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z'],
    ['2026-03-30T10:00:00Z', '2026-03-29T23:00:00.000Z'],
    ['2026-10-25T12:00:00Z', '2026-10-24T23:00:00.000Z'],
    ['2026-10-26T00:30:00Z', '2026-10-26T00:00:00.000Z'],
  ])('Day / Calendar at %s starts at London midnight %s (summer time and its changes)', (now, start) => {
    expect(period('Day', 'Calendar', '2026-01-01T00:00:00Z', now)).toEqual({ start, allowed: '300.00' });
  });

  it('the consent start counts on its London date: 23:30 UTC on 30 June is 1 July in summer', () => {
    expect(period('Month', 'Calendar', '2026-06-30T23:30:00Z', '2026-07-02T12:00:00Z', '310.00')).toEqual({
      start: '2026-06-30T23:00:00.000Z',
      allowed: '310.00',
    });
  });

  it('property: the period holds `now`, opens at a London midnight, is under 367 days; the limit never grows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERIOD_TYPES),
        fc.constantFrom(...PERIOD_ALIGNMENTS),
        fc.date({ min: at('2001-01-01T00:00:00Z'), max: at('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 4000 }),
        (type, alignment, now, daysBefore) => {
          const start = new Date(now.getTime() - daysBefore * DAY_MS);
          const found = limitPeriod(limit(type, alignment), start, now);
          expect(found.start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(londonMidnight(londonDay(found.start)).getTime()).toBe(found.start.getTime());
          expect(now.getTime() - found.start.getTime()).toBeLessThan(367 * DAY_MS);
          expect(found.allowed.lte('300.00') && found.allowed.gte(0)).toBe(true);
        },
      ),
    );
  });
});

describe('checkControlParameters', () => {
  const control: ControlParameters = {
    MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
    PeriodicLimits: [
      limit('Day', 'Calendar', '60.00'),
      { PeriodType: 'Month', PeriodAlignment: 'Consent', Amount: '80.00', Currency: 'GBP' },
    ],
    VRPType: ['UK.OBIE.VRPType.Sweeping'],
    PSUAuthenticationMethods: ['UK.OBIE.SCANotRequired'],
  };
  const created = at('2026-11-01T12:00:00Z');
  const now = at('2026-11-22T12:00:00Z');
  const spent = (amounts: Readonly<Record<string, string>>) => (since: Date) =>
    Promise.resolve(amounts[since.toISOString()] ?? '0');

  it('lets a payment within every limit through', async () => {
    await expect(
      checkControlParameters(control, { amount: '40.00', currency: 'GBP' }, created, now, spent({})),
    ).resolves.toBeUndefined();
  });

  it.each([
    [{ amount: '50.01', currency: 'GBP' }, {}, 'Data.ControlParameters.MaximumIndividualAmount'],
    [{ amount: '10.00', currency: 'EUR' }, {}, 'Data.ControlParameters.MaximumIndividualAmount'],
    [
      { amount: '20.01', currency: 'GBP' },
      { '2026-11-22T00:00:00.000Z': '40.00' },
      'Data.ControlParameters.PeriodicLimits[0]',
    ],
    [
      { amount: '40.01', currency: 'GBP' },
      { '2026-11-01T00:00:00.000Z': '40.00' },
      'Data.ControlParameters.PeriodicLimits[1]',
    ],
  ])('refuses %o after %o spent, naming %s', async (payment, already, path) => {
    await expect(checkControlParameters(control, payment, created, now, spent(already))).rejects.toMatchObject({
      status: 400,
      errorCode: 'UK.OBIE.Rules.FailsControlParameters',
      path,
    });
  });

  it('counts periods from ValidFromDateTime when the consent has one', async () => {
    const from: ControlParameters = { ...control, ValidFromDateTime: at('2026-11-10T15:00:00Z') };
    const spentSince = spent({ '2026-11-10T00:00:00.000Z': '80.00' });
    await expect(
      checkControlParameters(from, { amount: '0.01', currency: 'GBP' }, created, now, spentSince),
    ).rejects.toMatchObject({ path: 'Data.ControlParameters.PeriodicLimits[1]' });
  });

  it.each([
    [{ ValidFromDateTime: at('2026-12-01T00:00:00Z') }, 'Data.ControlParameters.ValidFromDateTime'],
    [{ ValidToDateTime: at('2026-11-22T11:59:59Z') }, 'Data.ControlParameters.ValidToDateTime'],
  ])('refuses outside the validity window (%o)', async (window, path) => {
    await expect(
      checkControlParameters({ ...control, ...window }, { amount: '1.00', currency: 'GBP' }, created, now, spent({})),
    ).rejects.toMatchObject({ errorCode: 'UK.OBIE.Rules.FailsControlParameters', path });
  });
});
