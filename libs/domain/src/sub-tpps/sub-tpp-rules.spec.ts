import { describe, expect, it } from 'vitest';
import { checkCalendarDate, checkDomainName, checkJurisdiction, checkLogo, checkMccCode } from './sub-tpp-rules.js';

describe('sub-TPP field rules', () => {
  it.each(['shop.example.com', 'example.co.uk.', 'a-b.example.org'])('%s is a domain name', (name) => {
    expect(checkDomainName(name)).toBeUndefined();
  });
  it.each(['localhost', 'example', '-a.example.com', 'a..b.com', 'shop.example.c0m', 'http://x.com', 'x.1'])(
    '%s is not',
    (name) => {
      expect(checkDomainName(name)).toBeDefined();
    },
  );

  it('mccCode is four digits', () => {
    expect(checkMccCode('5411')).toBeUndefined();
    for (const bad of ['541', '54111', '54a1']) expect(checkMccCode(bad)).toBeDefined();
  });

  it('logo is base64', () => {
    expect(checkLogo('iVBORw0KGgo=')).toBeUndefined();
    for (const bad of ['', 'not base64!', 'abc']) expect(checkLogo(bad)).toBeDefined();
  });

  it('jurisdiction is an upper-case alpha-2 code', () => {
    expect(checkJurisdiction('GB')).toBeUndefined();
    for (const bad of ['gb', 'GBR', 'G']) expect(checkJurisdiction(bad)).toBeDefined();
  });

  it('calendar dates', () => {
    expect(checkCalendarDate('2026-02-28')).toBeUndefined();
    for (const bad of ['2026-02-30', '2026-2-1', 'today']) expect(checkCalendarDate(bad)).toBeDefined();
  });
});
