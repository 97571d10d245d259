import { describe, expect, it } from 'vitest';
import { vrpPeriodsAt, type VrpControls } from '#libs/domain';
import { CurrentVrpPeriods } from './current-vrp-periods.js';

const CONTROLS: VrpControls = {
  currency: 'GBP',
  maximumIndividualAmount: '1000.00',
  periodicLimits: [
    { maximumAmount: '100.00', periodType: 'DAY', periodAlignment: 'CALENDAR' },
    { maximumAmount: '300.00', periodType: 'WEEK', periodAlignment: 'CONSENT' },
    { maximumAmount: '900.00', periodType: 'MONTH', periodAlignment: 'CALENDAR' },
  ],
  startDateTime: new Date('2026-03-20T15:00:00Z'),
  timeZone: 'Europe/London',
};

const HOUR_MS = 3_600_000;

describe('CurrentVrpPeriods', () => {
  it('answers the periods vrpPeriodsAt gives, hour by hour across day, week, month and daylight saving boundaries', () => {
    const periods = new CurrentVrpPeriods();
    // From the consent's start over its first six weeks (British Summer Time begins on 29 March 2026).
    for (let at = CONTROLS.startDateTime.getTime(); at < CONTROLS.startDateTime.getTime() + 42 * 24 * HOUR_MS;) {
      const now = new Date(at);
      expect(periods.at('vc-1', CONTROLS, now)).toEqual(vrpPeriodsAt(CONTROLS, now));
      at += HOUR_MS - 1 + (at % 7);
    }
  });

  it('computes the periods again only when an instant leaves them', () => {
    const periods = new CurrentVrpPeriods();
    const morning = new Date('2026-04-02T08:00:00Z');
    const first = periods.at('vc-1', CONTROLS, morning);
    expect(periods.at('vc-1', CONTROLS, new Date('2026-04-02T22:59:59.999Z'))).toBe(first);
    const nextDay = periods.at('vc-1', CONTROLS, new Date('2026-04-02T23:00:00Z'));
    expect(nextDay).not.toBe(first);
    expect(nextDay[0]?.firstDate).toBe('2026-04-03');
    // Another consent's periods are its own.
    expect(periods.at('vc-2', { ...CONTROLS, periodicLimits: [] }, morning)).toEqual([]);
  });
});
