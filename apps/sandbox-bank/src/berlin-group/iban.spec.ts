import { describe, expect, it } from 'vitest';
import type { BerlinGroupBankProfile } from '../banks/sandbox-bank-definition.js';
import { SANDBOX_BANKS } from '../banks/sandbox-bank-definition.js';
import { ibanFor, isValidIban } from './iban.js';

const LENGTHS: Readonly<Record<BerlinGroupBankProfile['ibanCountry'], number>> = {
  AT: 20,
  DE: 22,
  FR: 27,
  NL: 18,
  PL: 28,
  SE: 24,
};

describe('sandbox IBANs', () => {
  it('knows valid and invalid IBANs (ISO 13616 mod 97)', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });

  it.each(
    SANDBOX_BANKS.filter((bank) => bank.berlinGroup !== undefined).map((bank) => [bank.id, bank.berlinGroup] as const),
  )('%s gives valid IBANs of its country', (_id, profile) => {
    if (profile === undefined) throw new Error('no profile');
    for (const seed of ['ACC-1', 'ACC-2', 'ACC-3']) {
      const iban = ibanFor(profile, seed);
      expect(isValidIban(iban)).toBe(true);
      expect(iban).toHaveLength(LENGTHS[profile.ibanCountry]);
      expect(iban.slice(4)).toMatch(new RegExp(`^${profile.bankCode}`));
      expect(ibanFor(profile, seed)).toBe(iban);
    }
  });
});
