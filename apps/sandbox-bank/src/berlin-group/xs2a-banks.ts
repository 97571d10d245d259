import type { BerlinGroupBankProfile, SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import type { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { Xs2aError } from './xs2a-error.js';

export type Xs2aBank = SandboxBankDefinition & { readonly berlinGroup: BerlinGroupBankProfile };

/** The Berlin Group bank of a path, or a 404 in the XS2A shape (OBIE banks have no XS2A interface). */
export function xs2aBank(banks: SandboxBankRegistry, bankId: string): Xs2aBank {
  const bank = banks.find(bankId);
  if (bank === undefined || bank.protocol !== 'berlin-group' || bank.berlinGroup === undefined)
    throw new Xs2aError(404, 'RESOURCE_UNKNOWN', `No Berlin Group sandbox bank ${bankId}.`);
  return bank as Xs2aBank;
}

/** The bank's ISO date today. */
export function isoToday(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}
