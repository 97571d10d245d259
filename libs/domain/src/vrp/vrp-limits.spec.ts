import { describe, expect, it } from 'vitest';
import type { CountedVrp, VrpControls } from './vrp-controls.js';
import { decideVrpLimits } from './vrp-limits.js';

const CONSENT: VrpControls = {
  currency: 'GBP',
  minimumIndividualAmount: '1.00',
  maximumIndividualAmount: '50.00',
  periodicLimits: [
    { maximumAmount: '100.00', periodType: 'DAY', periodAlignment: 'CALENDAR' },
    { maximumAmount: '150.00', periodType: 'MONTH', periodAlignment: 'CONSENT' },
  ],
  startDateTime: new Date('2025-06-01T09:00:00Z'),
  endDateTime: new Date('2026-06-01T09:00:00Z'),
  timeZone: 'Europe/London',
};

const NOW = new Date('2025-06-10T12:00:00Z');

function vrp(amount: string, at: string): CountedVrp {
  return { amount, at: new Date(at) };
}

describe('decideVrpLimits: the consent window', () => {
  it('refuses before the start and from the end on', () => {
    const start = CONSENT.startDateTime.getTime();
    expect(decideVrpLimits(CONSENT, [], '10.00', new Date(start - 1))).toEqual({
      kind: 'refused',
      reason: 'before-start',
      startDateTime: CONSENT.startDateTime,
    });
    expect(decideVrpLimits(CONSENT, [], '10.00', new Date(start)).kind).toBe('fits');
    const end = CONSENT.endDateTime!.getTime();
    expect(decideVrpLimits(CONSENT, [], '10.00', new Date(end - 1)).kind).toBe('fits');
    expect(decideVrpLimits(CONSENT, [], '10.00', new Date(end))).toEqual({
      kind: 'refused',
      reason: 'after-end',
      endDateTime: CONSENT.endDateTime,
    });
  });

  it('has no end without an endDateTime', () => {
    const { endDateTime: _, ...open } = CONSENT;
    expect(decideVrpLimits(open, [], '10.00', new Date('2040-01-01T00:00:00Z')).kind).toBe('fits');
  });
});

describe('decideVrpLimits: individual amounts', () => {
  it('accepts the minimum and the maximum exactly, refuses a minor unit beyond', () => {
    expect(decideVrpLimits(CONSENT, [], '1.00', NOW).kind).toBe('fits');
    expect(decideVrpLimits(CONSENT, [], '0.9999', NOW)).toEqual({
      kind: 'refused',
      reason: 'below-minimum',
      minimumIndividualAmount: '1.00',
    });
    expect(decideVrpLimits(CONSENT, [], '50', NOW).kind).toBe('fits');
    expect(decideVrpLimits(CONSENT, [], '50.0001', NOW)).toEqual({
      kind: 'refused',
      reason: 'above-maximum',
      maximumIndividualAmount: '50.00',
    });
  });

  it('has no minimum without a minimumIndividualAmount', () => {
    const { minimumIndividualAmount: _, ...noMinimum } = CONSENT;
    expect(decideVrpLimits(noMinimum, [], '0.0001', NOW).kind).toBe('fits');
  });
});

describe('decideVrpLimits: periodic limits', () => {
  const today = [vrp('50.00', '2025-06-10T08:00:00Z'), vrp('40.00', '2025-06-10T10:00:00Z')];

  it('fits up to the limit exactly and tells what is left in each period', () => {
    const decision = decideVrpLimits(CONSENT, today, '10.00', NOW);
    expect(decision.kind).toBe('fits');
    if (decision.kind !== 'fits') return;
    expect(
      decision.periods.map(({ index, firstDate, lastDate, used, remaining }) => ({
        index,
        firstDate,
        lastDate,
        used,
        remaining,
      })),
    ).toEqual([
      { index: 0, firstDate: '2025-06-10', lastDate: '2025-06-10', used: '100.00', remaining: '0.00' },
      { index: 1, firstDate: '2025-06-01', lastDate: '2025-06-30', used: '100.00', remaining: '50.00' },
    ]);
  });

  it('refuses one minor unit over, naming the limit, its period and its usage before the payment', () => {
    const decision = decideVrpLimits(CONSENT, today, '10.0001', NOW);
    expect(decision).toMatchObject({
      kind: 'refused',
      reason: 'periodic-limit',
      period: {
        index: 0,
        periodType: 'DAY',
        periodAlignment: 'CALENDAR',
        start: new Date('2025-06-09T23:00:00Z'),
        end: new Date('2025-06-10T23:00:00Z'),
        maximumAmount: '100.00',
        used: '90.00',
        remaining: '10.00',
      },
    });
  });

  it('applies every limit: the month refuses what the day would allow', () => {
    const earlier = [
      vrp('50.00', '2025-06-02T10:00:00Z'),
      vrp('50.00', '2025-06-03T10:00:00Z'),
      vrp('45.00', '2025-06-04T10:00:00Z'),
    ];
    expect(decideVrpLimits(CONSENT, earlier, '5.00', NOW).kind).toBe('fits');
    expect(decideVrpLimits(CONSENT, earlier, '5.01', NOW)).toMatchObject({
      reason: 'periodic-limit',
      period: { index: 1, periodType: 'MONTH', used: '145.00', remaining: '5.00' },
    });
  });

  it('counts a payment in the London day of its instant (BST midnight is 23:00 UTC)', () => {
    const lateYesterday = [vrp('50.00', '2025-06-09T22:59:59.999Z'), vrp('50.00', '2025-06-09T22:00:00Z')];
    expect(decideVrpLimits(CONSENT, lateYesterday, '50.00', new Date('2025-06-09T23:00:00Z')).kind).toBe('fits');
    expect(decideVrpLimits(CONSENT, lateYesterday, '1.00', new Date('2025-06-09T22:59:59.999Z'))).toMatchObject({
      reason: 'periodic-limit',
      period: { index: 0, used: '100.00' },
    });
  });

  it('counts the 25-hour day when the clocks go back as one day', () => {
    const daily: VrpControls = {
      ...CONSENT,
      startDateTime: new Date('2025-10-01T00:00:00Z'),
      periodicLimits: [{ maximumAmount: '60.00', periodType: 'DAY', periodAlignment: 'CALENDAR' }],
    };
    const earlyMorning = [vrp('50.00', '2025-10-25T23:30:00Z')]; // 00:30 BST on 26 October
    expect(decideVrpLimits(daily, earlyMorning, '10.01', new Date('2025-10-26T23:59:00Z'))).toMatchObject({
      reason: 'periodic-limit',
      period: { start: new Date('2025-10-25T23:00:00Z'), end: new Date('2025-10-27T00:00:00Z') },
    });
    expect(decideVrpLimits(daily, earlyMorning, '50.00', new Date('2025-10-27T00:00:00Z')).kind).toBe('fits');
  });

  it('adds amounts exactly: 0.10 + 0.20 reaches a limit of 0.30', () => {
    const tiny: VrpControls = {
      ...CONSENT,
      minimumIndividualAmount: '0.01',
      periodicLimits: [{ maximumAmount: '0.3', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
    };
    expect(decideVrpLimits(tiny, [vrp('0.1', '2025-06-02T10:00:00Z')], '0.2', NOW)).toMatchObject({
      kind: 'fits',
      periods: [{ used: '0.30', remaining: '0.00' }],
    });
    expect(
      decideVrpLimits(tiny, [vrp('0.1', '2025-06-02T10:00:00Z'), vrp('0.2', '2025-06-03T10:00:00Z')], '0.01', NOW).kind,
    ).toBe('refused');
  });

  it('holds a pro-rated first calendar month', () => {
    const calendarMonth: VrpControls = {
      ...CONSENT,
      startDateTime: new Date('2025-06-21T09:00:00Z'), // 10 of June's 30 days left
      periodicLimits: [{ maximumAmount: '150.00', periodType: 'MONTH', periodAlignment: 'CALENDAR' }],
    };
    const june = [vrp('50.00', '2025-06-22T09:00:00Z')];
    expect(decideVrpLimits(calendarMonth, june, '1.00', new Date('2025-06-25T09:00:00Z'))).toMatchObject({
      reason: 'periodic-limit',
      period: { maximumAmount: '50.00', proRated: true, used: '50.00', remaining: '0.00' },
    });
    expect(decideVrpLimits(calendarMonth, june, '50.00', new Date('2025-07-01T09:00:00Z')).kind).toBe('fits');
  });
});

describe('decideVrpLimits: occurrences', () => {
  const roomy: VrpControls = {
    ...CONSENT,
    periodicLimits: [{ maximumAmount: '100000', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
  };
  const three = [
    vrp('1.00', '2025-06-02T10:00:00Z'),
    vrp('1.00', '2025-06-03T10:00:00Z'),
    vrp('1.00', '2025-06-04T10:00:00Z'),
  ];

  it('refuses once maximumOccurrences payments were made', () => {
    expect(decideVrpLimits({ ...roomy, maximumOccurrences: 4 }, three, '1.00', NOW)).toMatchObject({
      kind: 'fits',
      occurrences: { used: 4, remaining: 0 },
    });
    expect(decideVrpLimits({ ...roomy, maximumOccurrences: 3 }, three, '1.00', NOW)).toEqual({
      kind: 'refused',
      reason: 'occurrences-exhausted',
      maximumOccurrences: 3,
      used: 3,
    });
  });

  it('counts the payments before the current periods by their number alone (earlier.count)', () => {
    // A daily limit: only the payment of the current day is in a current period.
    const daily: VrpControls = {
      ...CONSENT,
      periodicLimits: [{ maximumAmount: '100', periodType: 'DAY', periodAlignment: 'CALENDAR' }],
    };
    const recent = three.filter((made) => made.at.getTime() >= Date.parse('2025-06-04T00:00:00+01:00'));
    expect(recent.length).toBeLessThan(three.length);
    expect(decideVrpLimits({ ...daily, maximumOccurrences: 4 }, recent, '1.00', NOW, { count: 2 })).toEqual(
      decideVrpLimits({ ...daily, maximumOccurrences: 4 }, three, '1.00', NOW),
    );
    expect(decideVrpLimits({ ...daily, maximumOccurrences: 3 }, recent, '1.00', NOW, { count: 2 })).toEqual({
      kind: 'refused',
      reason: 'occurrences-exhausted',
      maximumOccurrences: 3,
      used: 3,
    });
  });

  it('has no limit at 0 or without maximumOccurrences', () => {
    expect(decideVrpLimits({ ...roomy, maximumOccurrences: 0 }, three, '1.00', NOW)).toMatchObject({
      kind: 'fits',
      occurrences: { used: 4, remaining: null },
    });
    expect(decideVrpLimits(roomy, three, '1.00', NOW)).toMatchObject({
      kind: 'fits',
      occurrences: { remaining: null },
    });
  });
});

describe('decideVrpLimits: which rule answers first', () => {
  const exhausted: VrpControls = { ...CONSENT, maximumOccurrences: 1 };
  const full = [vrp('50.00', '2025-06-10T08:00:00Z'), vrp('50.00', '2025-06-10T09:00:00Z')];

  it('window, then individual amounts, then periodic limits, then occurrences', () => {
    expect(decideVrpLimits(exhausted, full, '99.00', new Date('2025-05-01T00:00:00Z'))).toMatchObject({
      reason: 'before-start',
    });
    expect(decideVrpLimits(exhausted, full, '99.00', new Date('2027-01-01T00:00:00Z'))).toMatchObject({
      reason: 'after-end',
    });
    expect(decideVrpLimits(exhausted, full, '0.50', NOW)).toMatchObject({ reason: 'below-minimum' });
    expect(decideVrpLimits(exhausted, full, '99.00', NOW)).toMatchObject({ reason: 'above-maximum' });
    expect(decideVrpLimits(exhausted, full, '10.00', NOW)).toMatchObject({ reason: 'periodic-limit' });
    expect(decideVrpLimits(exhausted, full, '10.00', new Date('2025-06-11T12:00:00Z'))).toMatchObject({
      reason: 'occurrences-exhausted',
    });
  });
});
