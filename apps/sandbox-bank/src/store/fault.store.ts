import { Injectable } from '@nestjs/common';
import { SandboxDb } from './sandbox-db.js';
import type { FaultSettings, SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';

/** How long a process trusts what it read (another process may have changed it). */
const CACHE_MS = 1000;

/** Faults set at run time, kept in Postgres so every sandbox bank process sees them. */
@Injectable()
export class FaultStore {
  private readonly cache = new Map<string, { readonly faults: FaultSettings | null; readonly readAtMs: number }>();

  constructor(private readonly prisma: SandboxDb) {}

  /** The run-time faults of the bank, or the ones it was configured with. */
  async current(bank: SandboxBankDefinition): Promise<FaultSettings> {
    const known = this.known(bank);
    if (known !== undefined) return known;
    const row = await this.prisma.sbFault.findUnique({ where: { bankId: bank.id } });
    const faults = row === null ? null : { latencyMs: row.latencyMs, errorRate: row.errorRate };
    this.cache.set(bank.id, { faults, readAtMs: Date.now() });
    return faults ?? bank.faults;
  }

  /** The bank's faults when this process read them less than CACHE_MS ago; undefined when they must be read. */
  known(bank: SandboxBankDefinition): FaultSettings | undefined {
    const cached = this.cache.get(bank.id);
    if (cached === undefined || Date.now() - cached.readAtMs >= CACHE_MS) return undefined;
    return cached.faults ?? bank.faults;
  }

  async set(bankId: string, faults: FaultSettings): Promise<void> {
    await this.prisma.sbFault.upsert({ where: { bankId }, create: { bankId, ...faults }, update: faults });
    this.cache.set(bankId, { faults, readAtMs: Date.now() });
  }
}
