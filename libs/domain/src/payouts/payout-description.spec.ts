import { describe, expect, it } from 'vitest';
import { checkPayoutDescription } from './payout-description.js';

describe('checkPayoutDescription', () => {
  it('accepts six letters or digits with the uncounted separators', () => {
    expect(checkPayoutDescription('e49j-2145-sp17-k3h0', 'IBAN')).toBeUndefined();
    expect(checkPayoutDescription('Inv 12/3 & co.', 'SCAN')).toBeUndefined();
    expect(checkPayoutDescription('abc123', 'IBAN')).toBeUndefined();
  });

  it('does not count space, hyphen, full stop, ampersand or slash towards the six', () => {
    expect(checkPayoutDescription('ab-c.d/e&', 'IBAN')).toMatch(/at least 6 letters or digits/);
    expect(checkPayoutDescription('a b c d e', 'IBAN')).toMatch(/at least 6/);
    expect(checkPayoutDescription('', 'IBAN')).toMatch(/at least 6/);
  });

  it('refuses one character repeated, in any case', () => {
    expect(checkPayoutDescription('aaaaaa', 'IBAN')).toMatch(/repeated/);
    expect(checkPayoutDescription('aA-aA-aA', 'IBAN')).toMatch(/repeated/);
    expect(checkPayoutDescription('111 111 1', 'SCAN')).toMatch(/repeated/);
    expect(checkPayoutDescription('aaaaab', 'SCAN')).toBeUndefined();
  });

  it('refuses any other character', () => {
    for (const text of ['invoice_123', 'invoice#123', 'facture 12€', 'ref:123456', 'abc\n123'])
      expect(checkPayoutDescription(text, 'IBAN')).toMatch(/may only contain/);
  });

  it('allows 18 characters for SCAN and 140 for IBAN payouts', () => {
    expect(checkPayoutDescription('a1'.repeat(9), 'SCAN')).toBeUndefined();
    expect(checkPayoutDescription(`${'a1'.repeat(9)}x`, 'SCAN')).toMatch(/at most 18 .*sort code/);
    expect(checkPayoutDescription(`${'a1'.repeat(9)}x`, 'IBAN')).toBeUndefined();
    expect(checkPayoutDescription('ab12'.repeat(35), 'IBAN')).toBeUndefined();
    expect(checkPayoutDescription(`${'ab12'.repeat(35)}z`, 'IBAN')).toMatch(/at most 140 .*IBAN/);
  });
});
