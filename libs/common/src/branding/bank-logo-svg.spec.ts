import { describe, expect, it } from 'vitest';
import { bankColour, bankInitials, bankLogoSvg } from './bank-logo-svg.js';

describe('bankInitials', () => {
  it.each([
    ['Sandbox Bank UK', 'BU'],
    ['Sandbox Stadtbank Berlin', 'SB'],
    ['Sandbox Bank Europe (app approval)', 'BE'],
    ['Barclays', 'BA'],
    ['Crédit Agricole', 'CA'],
    ['ING-DiBa', 'ID'],
  ])('%s -> %s', (name, initials) => {
    expect(bankInitials(name)).toBe(initials);
  });
});

describe('bankLogoSvg', () => {
  it('draws the mark: the bank colour and its initials, nothing external', () => {
    const svg = bankLogoSvg({ id: 'ob-sandbox-gb', name: 'Sandbox Bank UK' }, 'mark');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="64" height="64"/);
    expect(svg).toContain(`fill="${bankColour('ob-sandbox-gb')}"`);
    expect(svg).toContain('>BU</text>');
    expect(svg).not.toMatch(/href|<script|url\(/);
  });

  it('draws the full logo with the name, escaped, wide enough for it', () => {
    const svg = bankLogoSvg({ id: 'x', name: 'Smith & <Sons> Bank' }, 'full');
    expect(svg).toContain('Smith &amp; &lt;Sons&gt; Bank</text>');
    expect(svg).not.toContain('<Sons>');
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(80 + 19 * 10);
  });

  it('gives an id the same colour every time, and different ids a spread of colours', () => {
    expect(bankColour('ob-sandbox-eu')).toBe(bankColour('ob-sandbox-eu'));
    const ids = ['gb', 'gb-decoupled', 'gb-payments', 'eu', 'eu-redirect', 'de-blz', 'pl', 'se'].map(
      (suffix) => `ob-sandbox-${suffix}`,
    );
    expect(new Set(ids.map(bankColour)).size).toBeGreaterThan(3);
  });
});
