import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkExecutionDate, latestExecutionDate, parseCalendarDate } from './execution-date.js';

const TODAY = '2026-11-22';

describe('checkExecutionDate', () => {
  it.each([
    ['2026-11-22', undefined],
    ['2026-11-23', undefined],
    ['2027-11-22', undefined],
    ['2027-02-28', undefined],
    ['2026-11-21', 'must not be in the past (today is 2026-11-22)'],
    ['2020-01-01', 'must not be in the past (today is 2026-11-22)'],
    ['2027-11-23', 'must be at most 1 year ahead (on or before 2027-11-22)'],
    ['2026-02-30', 'must be a calendar date; 2026-02-30 does not exist'],
    ['2027-02-29', 'must be a calendar date; 2027-02-29 does not exist'],
    ['2026-13-01', 'must be a calendar date; 2026-13-01 does not exist'],
    ['2026-11-00', 'must be a calendar date; 2026-11-00 does not exist'],
    ['2026-11-23T00:00:00Z', 'must be a date in the form YYYY-MM-DD'],
    ['20261123', 'must be a date in the form YYYY-MM-DD'],
    ['2026-W47-1', 'must be a date in the form YYYY-MM-DD'],
    ['23.11.2026', 'must be a date in the form YYYY-MM-DD'],
    ['2026-1-1', 'must be a date in the form YYYY-MM-DD'],
  ])('%j -> %s', (value, expected) => {
    expect(checkExecutionDate(value, TODAY)).toBe(expected);
  });

  it('without today only the form and calendar are checked', () => {
    expect(checkExecutionDate('2000-01-01')).toBeUndefined();
    expect(checkExecutionDate('2000-02-30')).toBe('must be a calendar date; 2000-02-30 does not exist');
  });

  it('the horizon from 29 February ends on 28 February', () => {
    expect(latestExecutionDate('2028-02-29')).toBe('2029-02-28');
    expect(latestExecutionDate('2026-01-31')).toBe('2027-01-31');
  });

  const day = 24 * 3600 * 1000;
  const dates = fc
    .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((ms) => new Date(Math.floor(ms / day) * day));
  const iso = (date: Date): string => date.toISOString().slice(0, 10);

  it('any day from today to 365 days ahead passes; the day before today fails', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 365 }), (today, ahead) => {
        const accepted = checkExecutionDate(iso(new Date(today.getTime() + ahead * day)), iso(today)) === undefined;
        const yesterday = checkExecutionDate(iso(new Date(today.getTime() - day)), iso(today));
        return accepted && yesterday?.startsWith('must not be in the past') === true;
      }),
    );
  });

  it('367 days ahead always fails', () => {
    fc.assert(
      fc.property(
        dates,
        (today) =>
          checkExecutionDate(iso(new Date(today.getTime() + 367 * day)), iso(today))?.startsWith('must be at most') ===
          true,
      ),
    );
  });

  it('parseCalendarDate agrees with Date on every day', () => {
    fc.assert(
      fc.property(
        dates,
        (date) =>
          JSON.stringify(parseCalendarDate(iso(date))) ===
          JSON.stringify([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]),
      ),
    );
  });
});
