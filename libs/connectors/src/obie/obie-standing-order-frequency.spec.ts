import { describe, expect, it } from 'vitest';
import { STANDING_ORDER_FREQUENCIES } from '../capabilities/standing-orders.js';
import { OBIE_FREQUENCY_RULES, obieFrequency } from './obie-standing-order-frequency.js';

/** The Frequency pattern of OBDomesticStandingOrder3 (v3.1.x). */
const OB_FREQUENCY =
  /^(EvryDay)$|^(EvryWorkgDay)$|^(IntrvlDay:((0[2-9])|([1-2][0-9])|3[0-1]))$|^(IntrvlWkDay:0[1-9]:0[1-7])$|^(WkInMnthDay:0[1-5]:0[1-7])$|^(IntrvlMnthDay:(0[1-6]|12|24):(-0[1-5]|0[1-9]|[12][0-9]|3[01]))$|^(QtrDay:(ENGLISH|SCOTTISH|RECEIVED))$/;

describe('obieFrequency', () => {
  it('writes each ISO code the grammar can express, anchored on the first payment date', () => {
    // 2030-03-31 is a Sunday.
    expect(obieFrequency('DAIL', '2030-03-31')).toBe('EvryDay');
    expect(obieFrequency('WEEK', '2030-03-31')).toBe('IntrvlWkDay:01:07');
    expect(obieFrequency('WEEK', '2030-04-01')).toBe('IntrvlWkDay:01:01');
    expect(obieFrequency('MNTH', '2030-03-31')).toBe('IntrvlMnthDay:01:31');
    expect(obieFrequency('QUTR', '2030-01-05')).toBe('IntrvlMnthDay:03:05');
    expect(obieFrequency('SEMI', '2030-01-15T10:00:00Z')).toBe('IntrvlMnthDay:06:15');
    expect(obieFrequency('YEAR', '2030-02-28')).toBe('IntrvlMnthDay:12:28');
  });

  it('every supported code yields a Frequency the standard accepts', () => {
    for (const code of STANDING_ORDER_FREQUENCIES) {
      if (OBIE_FREQUENCY_RULES[code].kind === 'unsupported') continue;
      for (const day of ['2030-01-01', '2030-06-30', '2031-12-31'])
        expect(obieFrequency(code, day)).toMatch(OB_FREQUENCY);
    }
  });

  it('twice weekly and twice monthly have no single OBIE frequency: a 400 naming frequency', () => {
    for (const code of ['TOWK', 'TOMN'] as const)
      expect(() => obieFrequency(code, '2030-01-01')).toThrow(
        expect.objectContaining({ status: 400, paths: ['frequency'] }),
      );
  });
});
