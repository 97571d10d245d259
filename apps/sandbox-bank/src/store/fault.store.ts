import { Injectable } from '@nestjs/common';
import { SandboxDb } from './sandbox-db.js';
import type { FaultSettings } from '../banks/sandbox-bank-definition.js';

/** How long a process trusts what it read (another process may have changed it). */
const CACHE_MS = 1000;

/** What faults are set on: a sandbox bank, or the settlement provider (under its provider id). */
export interface FaultSubject {
  readonly id: string;
  /** The faults it starts with, until set at run time. */
  readonly faults: FaultSettings;
}

/** Faults set at run time, kept in Postgres so every sandbox bank process sees them. */
@Injectable()
export class FaultStore {
  private readonly cache = new Map<string, { readonly faults: FaultSettings | null; readonly readAtMs: number }>();

  constructor(private readonly prisma: SandboxDb) {}

  /** The run-time faults of the subject, or the ones it was configured with. */
  async current(subject: FaultSubject): Promise<FaultSettings> {
    const known = this.known(subject);
    if (known !== undefined) return known;
    const row = await this.prisma.sbFault.findUnique({ where: { bankId: subject.id } });
    const faults =
      row === null
        ? null
        : {
            latencyMs: row.latencyMs,
            errorRate: row.errorRate,
            lostAnswerRate: row.lostAnswerRate,
            lateAnswerMs: row.lateAnswerMs,
            only: row.only,
          };
    this.cache.set(subject.id, { faults, readAtMs: Date.now() });
    return faults ?? subject.faults;
  }

  /** The subject's faults when this process read them less than CACHE_MS ago; undefined when they must be read. */
  known(subject: FaultSubject): FaultSettings | undefined {
    const cached = this.cache.get(subject.id);
    if (cached === undefined || Date.now() - cached.readAtMs >= CACHE_MS) return undefined;
    return cached.faults ?? subject.faults;
  }

  async set(id: string, faults: FaultSettings): Promise<void> {
    const columns = { ...faults, only: [...faults.only] };
    await this.prisma.sbFault.upsert({ where: { bankId: id }, create: { bankId: id, ...columns }, update: columns });
    this.cache.set(id, { faults, readAtMs: Date.now() });
  }
}
