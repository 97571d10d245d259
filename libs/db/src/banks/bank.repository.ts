import { Injectable } from '@nestjs/common';
import type { Bank, Prisma } from '../generated/prisma/client.js';
import { Repository, type Db } from '../repository.js';

/** Any constant: serialises catalogue loads of api replicas starting together. */
const CATALOGUE_LOCK_KEY = 724_310_002;
/**
 * How long a catalogue sync may take, waiting for another api's sync included: api pods starting
 * at once each sync the catalogue, one after the other under the lock.
 */
export const CATALOGUE_SYNC_TIMEOUT_MS = 60_000;

/** Every column of a bank as the catalogue file gives it (what a load writes). */
export type BankRecord = Omit<Bank, 'listed' | 'createdAt' | 'updatedAt' | 'features' | 'connectorSettings'> & {
  readonly features: Prisma.InputJsonObject;
  readonly connectorSettings: Prisma.InputJsonObject;
};

export interface CatalogueSyncResult {
  readonly listed: number;
  /** Ids of banks that were listed before and are not in the catalogue any more. */
  readonly unlisted: readonly string[];
}

/**
 * How long `find` answers a bank from memory. Bank rows change only when an api replica starts
 * with a new catalogue file, so a replica sees another's new catalogue within this time.
 */
const FIND_CACHE_MS = 10_000;

/** The bank catalogue in Postgres. Banks are global reference data, not member-scoped. */
@Injectable()
export class BankRepository extends Repository {
  private readonly found = new Map<string, { readonly bank: Bank | null; readonly untilMs: number }>();

  constructor(
    db: Db,
    private readonly nowMs: () => number = Date.now,
  ) {
    super(db);
  }

  /**
   * Makes the table match the catalogue in one transaction: every record upserted and listed,
   * every other bank unlisted (kept, since payments reference banks by id). Syncs are serialised
   * by an advisory lock, and the wait for it counts in the transaction's time.
   */
  syncCatalogue(records: readonly BankRecord[]): Promise<CatalogueSyncResult> {
    this.found.clear();
    return this.transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`;
        for (const record of records) {
          const data = { ...record, listed: true };
          await tx.bank.upsert({ where: { id: record.id }, create: data, update: data });
        }
        const ids = records.map((record) => record.id);
        const dropped = await tx.bank.findMany({ where: { listed: true, id: { notIn: ids } }, select: { id: true } });
        await tx.bank.updateMany({ where: { id: { in: dropped.map((bank) => bank.id) } }, data: { listed: false } });
        return { listed: records.length, unlisted: dropped.map((bank) => bank.id) };
      },
      { timeoutMs: CATALOGUE_SYNC_TIMEOUT_MS },
    );
  }

  /** The banks of the current catalogue, by id. */
  listListed(): Promise<Bank[]> {
    return this.db.bank.findMany({ where: { listed: true }, orderBy: { id: 'asc' } });
  }

  /**
   * One bank by its exact id, listed or not (payments keep referring to unlisted banks); from
   * memory when read in the last few seconds (the payment request path asks on every call).
   */
  async find(id: string): Promise<Bank | null> {
    const nowMs = this.nowMs();
    const cached = this.found.get(id);
    if (cached !== undefined && cached.untilMs > nowMs) return cached.bank;
    const bank = await this.db.bank.findUnique({ where: { id } });
    if (this.found.size >= 1000) this.found.clear();
    this.found.set(id, { bank, untilMs: nowMs + FIND_CACHE_MS });
    return bank;
  }
}
