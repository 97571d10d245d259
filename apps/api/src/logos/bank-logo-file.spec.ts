import { describe, expect, it } from 'vitest';
import { bankLogoFileOf, bankLogoPath } from './bank-logo-file.js';

describe('bank logo files', () => {
  it('reads the bank and the variant from the file name', () => {
    expect(bankLogoFileOf('ob-sandbox-gb.svg')).toEqual({ bankId: 'ob-sandbox-gb', variant: 'mark' });
    expect(bankLogoFileOf('ob-sandbox-gb.full.svg')).toEqual({ bankId: 'ob-sandbox-gb', variant: 'full' });
    expect(bankLogoPath('ob-sandbox-gb', 'full')).toBe('/logos/ob-sandbox-gb.full.svg');
    expect(bankLogoPath('ob-sandbox-gb', 'mark')).toBe('/logos/ob-sandbox-gb.svg');
  });

  it.each(['ob-sandbox-gb.png', 'OB.svg', '../x.svg', 'a.full.full.svg', '-a.svg', '.svg'])('refuses %s', (file) => {
    expect(bankLogoFileOf(file)).toBeUndefined();
  });
});
