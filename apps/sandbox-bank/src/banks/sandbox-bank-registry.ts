import { Inject, Injectable } from '@nestjs/common';
import { ObieError } from '../http/obie-error.js';
import type { SandboxBankDefinition } from './sandbox-bank-definition.js';

export const SANDBOX_BANK_DEFINITIONS = Symbol('SANDBOX_BANK_DEFINITIONS');

/** The hosted banks by id. */
@Injectable()
export class SandboxBankRegistry {
  private readonly byId: ReadonlyMap<string, SandboxBankDefinition>;

  constructor(@Inject(SANDBOX_BANK_DEFINITIONS) banks: readonly SandboxBankDefinition[]) {
    this.byId = new Map(banks.map((bank) => [bank.id, bank]));
  }

  list(): readonly SandboxBankDefinition[] {
    return [...this.byId.values()];
  }

  find(bankId: string): SandboxBankDefinition | undefined {
    return this.byId.get(bankId);
  }

  /** The bank, or a 404 in the Open Banking error shape. */
  get(bankId: string): SandboxBankDefinition {
    const bank = this.byId.get(bankId);
    if (bank === undefined) throw new ObieError(404, 'UK.OBIE.Resource.NotFound', `No sandbox bank ${bankId}.`);
    return bank;
  }
}
