import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkControlParameters, periodStart } from './vrp-limits.js';
import { PERIOD_ALIGNMENTS, PERIOD_TYPES, type ControlParameters } from './vrp-consent-request.js';

const DAY_MS = 86_400_000;
const date = (iso: string): Date => new Date(iso);
const moment = fc.date({ min: date('2001-01-01T00:00:00Z'), max: date('2090-01-01T00:00:00Z'), noInvalidDate: true });

describe('periodStart', () => {
  it.each([
    ['Day', 'Calendar', '2026-11-22T15:00:00Z', '2026-11-22T00:00:00.000Z'],
    ['Week', 'Calendar', '2026-11-22T15:00:00Z', '2026-11-16T00:00:00.000Z'],
    ['Month', 'Calendar', '2026-11-22T15:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['Half-year', 'Calendar', '2026-11-22T15:00:00Z', '2026-07-01T00:00:00.000Z'],
    ['Year', 'Calendar', '2026-11-22T15:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['Week', 'Consent', '2026-11-22T15:00:00Z', '2026-11-19T00:00:00.000Z'],
    ['Month', 'Consent', '2026-11-22T15:00:00Z', '2026-11-05T00:00:00.000Z'],
  ] as const)('%s / %s at %s starts %s (consent from 2026-10-05 or its week)', (type, alignment, now, expected) => {
    const anchor = type === 'Week' ? date('2026-11-05T09:00:00Z') : date('2026-10-05T09:00:00Z');
    expect(periodStart(type, alignment, anchor, date(now)).toISOString()).toBe(expected);
  });

  it('property: the period holds `now`, starts at midnight UTC, and no later than `now`', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERIOD_TYPES),
        fc.constantFrom(...PERIOD_ALIGNMENTS),
        moment,
        fc.integer({ min: 0, max: 4000 }),
        (type, alignment, now, daysBefore) => {
          const anchor = new Date(now.getTime() - daysBefore * DAY_MS);
          const start = periodStart(type, alignment, anchor, now);
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(start.getTime() % DAY_MS).toBe(0);
          expect(now.getTime() - start.getTime()).toBeLessThan(367 * DAY_MS);
        },
      ),
    );
  });
});

describe('checkControlParameters', () => {
  const control: ControlParameters = {
    MaximumIndividualAmount: { Amount: '50.00', Currency: 'GBP' },
    PeriodicLimits: [{ PeriodType: 'Month', PeriodAlignment: 'Calendar', Amount: '80.00', Currency: 'GBP' }],
  };
  const now = date('2026-11-22T12:00:00Z');
  const spent = (amount: string) => () => Promise.resolve(amount);

  it('lets a payment within every limit through', async () => {
    await expect(
      checkControlParameters(control, { amount: '40.00', currency: 'GBP' }, now, now, spent('40.00')),
    ).resolves.toBeUndefined();
  });

  it.each([
    [{ amount: '50.01', currency: 'GBP' }, '0', 'Data.ControlParameters.MaximumIndividualAmount'],
    [{ amount: '10.00', currency: 'EUR' }, '0', 'Data.ControlParameters.MaximumIndividualAmount'],
    [{ amount: '40.01', currency: 'GBP' }, '40.00', 'Data.ControlParameters.PeriodicLimits[0]'],
  ])('refuses %o after %s spent, naming %s', async (payment, already, path) => {
    await expect(checkControlParameters(control, payment, now, now, spent(already))).rejects.toMatchObject({
      errorCode: 'UK.OBIE.Rules.FailsControlParameters',
      path,
    });
  });

  it('refuses outside the validity window', async () => {
    const window: ControlParameters = { ...control, ValidFromDateTime: date('2026-12-01T00:00:00Z') };
    await expect(
      checkControlParameters(window, { amount: '1.00', currency: 'GBP' }, now, now, spent('0')),
    ).rejects.toMatchObject({ path: 'Data.ControlParameters.ValidFromDateTime' });
  });
});
