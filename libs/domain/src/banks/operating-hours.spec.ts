import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening, nextOpeningDate, parseOperatingHours, type OperatingHours } from './operating-hours.js';

function hoursOf(text: string): OperatingHours {
  const hours = parseOperatingHours(text);
  if (hours === null) throw new Error(`${text} did not read`);
  return hours;
}

const WEEKDAYS_CET = hoursOf('MON to FRI, 06:00 to 22:00 CET');
const ALWAYS_GMT = hoursOf('MON to SUN, 00:00 to 24:00 GMT');

describe('parseOperatingHours', () => {
  it('reads the catalogue texts', () => {
    expect(WEEKDAYS_CET).toEqual({
      zone: 'Europe/Berlin',
      windows: [{ days: [1, 2, 3, 4, 5], opensAt: 360, closesAt: 1320 }],
    });
    expect(ALWAYS_GMT).toEqual({
      zone: 'Europe/London',
      windows: [{ days: [1, 2, 3, 4, 5, 6, 0], opensAt: 0, closesAt: 1440 }],
    });
  });

  it('reads dashes, full day names, single days, wrapping ranges, several windows and IANA zones', () => {
    expect(parseOperatingHours('Mon-Fri 09:00-17:30 UTC')).toEqual({
      zone: 'UTC',
      windows: [{ days: [1, 2, 3, 4, 5], opensAt: 540, closesAt: 1050 }],
    });
    expect(parseOperatingHours('Monday to Friday, 8:00 to 18:00; SAT, 09:00 to 12:00 Europe/Warsaw')).toEqual({
      zone: 'Europe/Warsaw',
      windows: [
        { days: [1, 2, 3, 4, 5], opensAt: 480, closesAt: 1080 },
        { days: [6], opensAt: 540, closesAt: 720 },
      ],
    });
    expect(parseOperatingHours('FRI to MON, 00:00 to 24:00 CET')?.windows[0]?.days).toEqual([5, 6, 0, 1]);
  });

  it.each([
    [null],
    [''],
    ['24/7'],
    ['MON to FRI, 06:00 to 22:00'],
    ['MON to FRI, 06:00 to 22:00 XYZ'],
    ['MON to FRI, 22:00 to 06:00 CET'],
    ['MON to FRI, 06:00 to 06:00 CET'],
    ['MON to FRI, 06:00 to 24:30 CET'],
    ['MON to FRI, 06:60 to 22:00 CET'],
    ['MON to FUN, 06:00 to 22:00 CET'],
    ['MON to FRI, 06:00 to 12:00 CET; SAT, 09:00 to 12:00 GMT'],
    ['MON to FRI, 06:00 to 12:00 CET; SAT, 09:00 to 12:00'],
  ])('gives null for %j', (text) => {
    expect(parseOperatingHours(text)).toBeNull();
  });
});

describe('isOpenAt', () => {
  it('a weekday bank in CET (winter, +01:00): the edges of the window', () => {
    // Wednesday 2026-11-25.
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-25T04:59:59Z'))).toBe(false);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-25T05:00:00Z'))).toBe(true);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-25T20:59:59Z'))).toBe(true);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-25T21:00:00Z'))).toBe(false);
  });

  it('closed at the weekend, and the zone decides the day', () => {
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-28T12:00:00Z'))).toBe(false);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-29T12:00:00Z'))).toBe(false);
    // Sunday 23:30 UTC is Monday 00:30 in Berlin: a Monday, but before 06:00.
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-29T23:30:00Z'))).toBe(false);
    // Friday 22:30 UTC is Friday 23:30 in Berlin; Saturday 05:30 Berlin too early and the wrong day.
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-11-27T22:30:00Z'))).toBe(false);
  });

  it('follows daylight saving time: CET means Berlin civil time (+02:00 in summer)', () => {
    // Monday 2026-03-30, the day after the change: 06:30 CEST is 04:30 UTC (under a fixed +01:00 it would be 05:30, closed).
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-03-30T04:30:00Z'))).toBe(true);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-03-30T03:59:00Z'))).toBe(false);
    expect(isOpenAt(WEEKDAYS_CET, new Date('2026-03-30T20:00:00Z'))).toBe(false);
  });

  it('00:00 to 24:00 every day is always open', () => {
    for (const instant of ['2026-11-29T00:00:00Z', '2026-11-29T23:59:59Z', '2026-06-30T23:30:00Z'])
      expect(isOpenAt(ALWAYS_GMT, new Date(instant))).toBe(true);
  });
});

describe('nextOpening', () => {
  it('before opening on a weekday: today at the opening time', () => {
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-11-25T03:00:00Z'))).toEqual({
      date: '2026-11-25',
      at: '2026-11-25T06:00:00+01:00',
    });
  });

  it('after closing: the next weekday', () => {
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-11-25T21:00:00Z'))).toEqual({
      date: '2026-11-26',
      at: '2026-11-26T06:00:00+01:00',
    });
  });

  it('Friday night and the weekend: Monday, in the bank zone', () => {
    expect(nextOpeningDate(WEEKDAYS_CET, new Date('2026-11-27T21:30:00Z'))).toBe('2026-11-30');
    expect(nextOpeningDate(WEEKDAYS_CET, new Date('2026-11-28T12:00:00Z'))).toBe('2026-11-30');
    // Sunday 23:30 UTC is already Monday in Berlin: it opens that day.
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-11-29T23:30:00Z'))).toEqual({
      date: '2026-11-30',
      at: '2026-11-30T06:00:00+01:00',
    });
  });

  it('across the change to summer time: the opening carries the new offset', () => {
    // Friday 2026-03-27 23:00 CET -> Monday 2026-03-30 06:00 CEST.
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-03-27T22:00:00Z'))).toEqual({
      date: '2026-03-30',
      at: '2026-03-30T06:00:00+02:00',
    });
    // And back to winter time: Friday 2026-10-23 -> Monday 2026-10-26 (+01:00).
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-10-23T21:00:00Z'))?.at).toBe('2026-10-26T06:00:00+01:00');
  });

  it('GMT means London civil time: BST in summer', () => {
    const hours = hoursOf('MON to FRI, 08:00 to 18:00 GMT');
    expect(isOpenAt(hours, new Date('2026-07-01T07:30:00Z'))).toBe(true);
    expect(nextOpening(hours, new Date('2026-07-03T17:30:00Z'))).toEqual({
      date: '2026-07-06',
      at: '2026-07-06T08:00:00+01:00',
    });
  });

  it('while open: now (to the minute); several windows: the earliest next one', () => {
    expect(nextOpening(WEEKDAYS_CET, new Date('2026-11-25T10:15:30Z'))).toEqual({
      date: '2026-11-25',
      at: '2026-11-25T11:15:00+01:00',
    });
    const split = hoursOf('MON to FRI, 09:00 to 12:00; MON to FRI, 13:00 to 17:00; SAT, 10:00 to 12:00 UTC');
    expect(nextOpening(split, new Date('2026-11-25T12:30:00Z'))?.at).toBe('2026-11-25T13:00:00+00:00');
    expect(nextOpening(split, new Date('2026-11-27T17:00:00Z'))?.at).toBe('2026-11-28T10:00:00+00:00');
  });
});
