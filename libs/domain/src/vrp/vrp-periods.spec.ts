import { describe, expect, it } from 'vitest';
import type { VrpControls, VrpPeriodAlignment, VrpPeriodType } from './vrp-controls.js';
import { vrpPeriodAt, vrpPeriodsAt } from './vrp-periods.js';

function controls(
  start: string,
  periodType: VrpPeriodType,
  periodAlignment: VrpPeriodAlignment,
  maximumAmount = '100.00',
): VrpControls {
  return {
    currency: 'GBP',
    maximumIndividualAmount: '1000.00',
    periodicLimits: [{ maximumAmount, periodType, periodAlignment }],
    startDateTime: new Date(start),
    timeZone: 'Europe/London',
  };
}

/** The period's local dates, first..last. */
function datesAt(consent: VrpControls, at: string): string {
  const period = vrpPeriodAt(consent, 0, new Date(at));
  return `${period.firstDate}..${period.lastDate}`;
}

describe('CONSENT-aligned periods', () => {
  it('count days, weeks, months and years from the start date, whatever the start time', () => {
    expect(datesAt(controls('2025-01-01T15:00:00Z', 'DAY', 'CONSENT'), '2025-01-20T08:00:00Z')).toBe(
      '2025-01-20..2025-01-20',
    );
    const week = controls('2025-01-01T15:00:00Z', 'WEEK', 'CONSENT'); // a Wednesday
    expect(datesAt(week, '2025-01-01T00:00:00Z')).toBe('2025-01-01..2025-01-07');
    expect(datesAt(week, '2025-01-07T23:59:59Z')).toBe('2025-01-01..2025-01-07');
    expect(datesAt(week, '2025-01-08T00:00:00Z')).toBe('2025-01-08..2025-01-14');
    const month = controls('2025-01-15T15:00:00Z', 'MONTH', 'CONSENT');
    expect(datesAt(month, '2025-02-14T12:00:00Z')).toBe('2025-01-15..2025-02-14');
    expect(datesAt(month, '2025-02-15T12:00:00Z')).toBe('2025-02-15..2025-03-14');
    expect(datesAt(month, '2026-01-15T00:00:00Z')).toBe('2026-01-15..2026-02-14');
    const year = controls('2025-03-10T15:00:00Z', 'YEAR', 'CONSENT');
    expect(datesAt(year, '2026-03-09T12:00:00Z')).toBe('2025-03-10..2026-03-09');
    expect(datesAt(year, '2026-03-10T12:00:00Z')).toBe('2026-03-10..2027-03-09');
  });

  it('take the start date in London: 23:30 UTC on 30 June is 1 July in summer time', () => {
    expect(datesAt(controls('2025-06-30T23:30:00Z', 'MONTH', 'CONSENT'), '2025-07-20T12:00:00Z')).toBe(
      '2025-07-01..2025-07-31',
    );
  });

  it('clamp a start on the 31st to the last day of shorter months', () => {
    const month = controls('2025-01-31T10:00:00Z', 'MONTH', 'CONSENT');
    expect(datesAt(month, '2025-02-27T12:00:00Z')).toBe('2025-01-31..2025-02-27');
    expect(datesAt(month, '2025-02-28T12:00:00Z')).toBe('2025-02-28..2025-03-30');
    expect(datesAt(month, '2025-03-31T12:00:00Z')).toBe('2025-03-31..2025-04-29');
    expect(datesAt(month, '2025-04-30T12:00:00Z')).toBe('2025-04-30..2025-05-30');
    expect(datesAt(month, '2025-12-31T12:00:00Z')).toBe('2025-12-31..2026-01-30');
    const leap = controls('2024-01-30T10:00:00Z', 'MONTH', 'CONSENT');
    expect(datesAt(leap, '2024-02-29T12:00:00Z')).toBe('2024-02-29..2024-03-29');
    expect(datesAt(leap, '2024-03-30T12:00:00Z')).toBe('2024-03-30..2024-04-29');
  });

  it('clamp a 29 February start to 28 February in common years', () => {
    const year = controls('2024-02-29T10:00:00Z', 'YEAR', 'CONSENT');
    expect(datesAt(year, '2025-02-27T12:00:00Z')).toBe('2024-02-29..2025-02-27');
    expect(datesAt(year, '2025-02-28T12:00:00Z')).toBe('2025-02-28..2026-02-27');
    expect(datesAt(year, '2027-12-31T12:00:00Z')).toBe('2027-02-28..2028-02-28');
    expect(datesAt(year, '2028-02-29T12:00:00Z')).toBe('2028-02-29..2029-02-27');
  });

  it('are never pro-rated', () => {
    const period = vrpPeriodAt(
      controls('2025-01-10T10:00:00Z', 'MONTH', 'CONSENT'),
      0,
      new Date('2025-01-10T10:00:00Z'),
    );
    expect(period).toMatchObject({ maximumAmount: '100.00', proRated: false });
  });
});

describe('CALENDAR-aligned periods', () => {
  it('are the calendar day, the ISO week from Monday, the month and the year', () => {
    expect(datesAt(controls('2024-12-01T10:00:00Z', 'DAY', 'CALENDAR'), '2025-01-01T00:00:00Z')).toBe(
      '2025-01-01..2025-01-01',
    );
    expect(datesAt(controls('2024-12-01T10:00:00Z', 'WEEK', 'CALENDAR'), '2025-01-01T12:00:00Z')).toBe(
      '2024-12-30..2025-01-05',
    );
    expect(datesAt(controls('2024-12-01T10:00:00Z', 'MONTH', 'CALENDAR'), '2025-02-10T12:00:00Z')).toBe(
      '2025-02-01..2025-02-28',
    );
    expect(datesAt(controls('2024-12-01T10:00:00Z', 'YEAR', 'CALENDAR'), '2025-12-31T23:59:59Z')).toBe(
      '2025-01-01..2025-12-31',
    );
  });

  it('run from local midnight to local midnight across the clock changes', () => {
    const day = controls('2025-01-01T10:00:00Z', 'DAY', 'CALENDAR');
    const spring = vrpPeriodAt(day, 0, new Date('2025-03-30T12:00:00Z'));
    expect([spring.start.toISOString(), spring.end.toISOString()]).toEqual([
      '2025-03-30T00:00:00.000Z',
      '2025-03-30T23:00:00.000Z',
    ]);
    const autumn = vrpPeriodAt(day, 0, new Date('2025-10-26T00:30:00Z'));
    expect([autumn.start.toISOString(), autumn.end.toISOString()]).toEqual([
      '2025-10-25T23:00:00.000Z',
      '2025-10-27T00:00:00.000Z',
    ]);
    const week = vrpPeriodAt(controls('2025-01-01T10:00:00Z', 'WEEK', 'CALENDAR'), 0, new Date('2025-03-30T12:00:00Z'));
    expect([week.start.toISOString(), week.end.toISOString()]).toEqual([
      '2025-03-24T00:00:00.000Z',
      '2025-03-30T23:00:00.000Z',
    ]);
    const month = vrpPeriodAt(
      controls('2025-01-01T10:00:00Z', 'MONTH', 'CALENDAR'),
      0,
      new Date('2025-06-30T23:30:00Z'),
    );
    expect([month.firstDate, month.start.toISOString(), month.end.toISOString()]).toEqual([
      '2025-07-01',
      '2025-06-30T23:00:00.000Z',
      '2025-07-31T23:00:00.000Z',
    ]);
  });

  it('pro-rate the first period to the days left from the start date, rounded down to 0.0001', () => {
    const month = controls('2025-01-10T10:00:00Z', 'MONTH', 'CALENDAR', '310.00');
    expect(vrpPeriodAt(month, 0, new Date('2025-01-31T12:00:00Z'))).toMatchObject({
      firstDate: '2025-01-01',
      maximumAmount: '220.00', // 22 of 31 days
      proRated: true,
    });
    expect(vrpPeriodAt(month, 0, new Date('2025-02-01T12:00:00Z'))).toMatchObject({
      maximumAmount: '310.00',
      proRated: false,
    });
    const rounded = controls('2025-01-10T10:00:00Z', 'MONTH', 'CALENDAR', '100.00');
    expect(vrpPeriodAt(rounded, 0, new Date('2025-01-10T12:00:00Z')).maximumAmount).toBe('70.9677'); // 2200/31
    const year = controls('2024-07-01T10:00:00Z', 'YEAR', 'CALENDAR', '366.00');
    expect(vrpPeriodAt(year, 0, new Date('2024-08-01T10:00:00Z')).maximumAmount).toBe('184.00');
    const week = controls('2025-01-05T10:00:00Z', 'WEEK', 'CALENDAR', '70.00'); // a Sunday
    expect(vrpPeriodAt(week, 0, new Date('2025-01-05T10:00:00Z')).maximumAmount).toBe('10.00');
  });

  it('are whole when the consent starts on the first day of the period', () => {
    expect(
      vrpPeriodAt(controls('2025-02-01T10:00:00Z', 'MONTH', 'CALENDAR'), 0, new Date('2025-02-01T12:00:00Z')),
    ).toMatchObject({ maximumAmount: '100.00', proRated: false });
    expect(
      vrpPeriodAt(controls('2025-02-01T10:00:00Z', 'DAY', 'CALENDAR'), 0, new Date('2025-02-01T12:00:00Z')),
    ).toMatchObject({ maximumAmount: '100.00', proRated: false });
  });
});

describe('vrpPeriodsAt', () => {
  it('gives every limit its period, in the order of the limits', () => {
    const consent: VrpControls = {
      ...controls('2025-01-31T10:00:00Z', 'DAY', 'CALENDAR'),
      periodicLimits: [
        { maximumAmount: '50', periodType: 'DAY', periodAlignment: 'CALENDAR' },
        { maximumAmount: '500', periodType: 'MONTH', periodAlignment: 'CONSENT' },
      ],
    };
    const periods = vrpPeriodsAt(consent, new Date('2025-03-01T12:00:00Z'));
    expect(periods.map((period) => [period.index, period.periodType, period.firstDate, period.lastDate])).toEqual([
      [0, 'DAY', '2025-03-01', '2025-03-01'],
      [1, 'MONTH', '2025-02-28', '2025-03-30'],
    ]);
  });

  it('refuses an index with no limit', () => {
    expect(() => vrpPeriodAt(controls('2025-01-01T00:00:00Z', 'DAY', 'CONSENT'), 1, new Date())).toThrow(RangeError);
  });
});
