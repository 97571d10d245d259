import { describe, expect, it } from 'vitest';
import {
  civilDateOf,
  dayNumberOf,
  daysInMonth,
  isoDateOf,
  isoWeekdayIndexOf,
  localDayNumber,
  startOfLocalDay,
} from './civil-time.js';

const LONDON = 'Europe/London';
const HOUR = 3_600_000;

function dayLength(year: number, month: number, day: number, zone: string): number {
  const first = dayNumberOf(year, month, day);
  return (startOfLocalDay(first + 1, zone).getTime() - startOfLocalDay(first, zone).getTime()) / HOUR;
}

describe('civil dates', () => {
  it('count days from 1970-01-01 and roll over past month ends', () => {
    expect(dayNumberOf(1970, 1, 1)).toBe(0);
    expect(isoDateOf(dayNumberOf(2025, 4, 31))).toBe('2025-05-01');
    expect(isoDateOf(dayNumberOf(2025, 13, 1))).toBe('2026-01-01');
    expect(civilDateOf(dayNumberOf(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('know month lengths, leap years included', () => {
    expect([2023, 2024, 2100, 2000].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 28, 29]);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('number weekdays from Monday', () => {
    expect(isoWeekdayIndexOf(dayNumberOf(2025, 1, 6))).toBe(0); // a Monday
    expect(isoWeekdayIndexOf(dayNumberOf(2025, 1, 5))).toBe(6); // a Sunday
    expect(isoWeekdayIndexOf(dayNumberOf(1969, 12, 29))).toBe(0);
  });
});

describe('local days in a zone', () => {
  it('read the local date: in summer London is an hour ahead of UTC', () => {
    expect(isoDateOf(localDayNumber(new Date('2025-06-30T22:59:59.999Z'), LONDON))).toBe('2025-06-30');
    expect(isoDateOf(localDayNumber(new Date('2025-06-30T23:00:00Z'), LONDON))).toBe('2025-07-01');
    expect(isoDateOf(localDayNumber(new Date('2025-12-31T23:30:00Z'), LONDON))).toBe('2025-12-31');
  });

  it('start at local midnight: 00:00 GMT in winter, 23:00 UTC the day before in summer', () => {
    expect(startOfLocalDay(dayNumberOf(2025, 1, 15), LONDON).toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(startOfLocalDay(dayNumberOf(2025, 7, 1), LONDON).toISOString()).toBe('2025-06-30T23:00:00.000Z');
  });

  it('are 23 hours long when the clocks go forward and 25 when they go back', () => {
    expect(dayLength(2025, 3, 30, LONDON)).toBe(23);
    expect(dayLength(2025, 10, 26, LONDON)).toBe(25);
    expect(dayLength(2024, 3, 31, LONDON)).toBe(23);
    expect(dayLength(2024, 10, 27, LONDON)).toBe(25);
    expect(dayLength(2025, 3, 29, LONDON)).toBe(24);
    expect(dayLength(2025, 3, 31, LONDON)).toBe(24);
  });

  it('start when a gap swallows midnight: Santiago springs from 24:00 to 01:00', () => {
    expect(startOfLocalDay(dayNumberOf(2024, 9, 8), 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(dayLength(2024, 9, 8, 'America/Santiago')).toBe(23);
  });

  it('are empty for a date a zone skipped (Samoa left out 30 December 2011)', () => {
    expect(dayLength(2011, 12, 30, 'Pacific/Apia')).toBe(0);
    expect(dayLength(2011, 12, 31, 'Pacific/Apia')).toBe(24);
  });

  it('follow half-hour offset changes (Lord Howe Island)', () => {
    expect(dayLength(2024, 10, 6, 'Australia/Lord_Howe')).toBe(23.5);
  });
});
