import type { BankStatus } from '../generated/prisma/client.js';
import type { PrismaService, Tx } from '../prisma.service.js';

type Db = PrismaService | Tx;

export type ServiceStatus = 'UP' | 'DOWN';

export interface ObservedBankStatus {
  readonly ais: ServiceStatus;
  readonly pis: ServiceStatus;
}

/** What changed at one observation; `previous` is null on the bank's first observation. */
export interface BankStatusChange {
  readonly previous: BankStatus | null;
  readonly current: BankStatus;
  readonly aisChanged: boolean;
  readonly pisChanged: boolean;
}

/** The probed AIS / PIS status of banks. Global reference data, like the bank catalogue. */
export const bankStatuses = {
  /**
   * Records an observation inside the caller's transaction. The bank's row is locked first
   * (FOR UPDATE), so two probes of the same bank compare against each other's result, not both
   * against the old one. A first observation is not a change.
   */
  async record(tx: Tx, bankId: string, observed: ObservedBankStatus, now: Date): Promise<BankStatusChange> {
    const locked = await tx.$queryRaw<
      Array<{ bank_id: string }>
    >`SELECT bank_id FROM bank_status WHERE bank_id = ${bankId} FOR UPDATE`;
    const previous = locked.length === 0 ? null : await tx.bankStatus.findUnique({ where: { bankId } });
    const aisChanged = previous !== null && previous.aisStatus !== observed.ais;
    const pisChanged = previous !== null && previous.pisStatus !== observed.pis;
    const changedAt = previous === null || aisChanged || pisChanged ? now : previous.changedAt;
    const data = { aisStatus: observed.ais, pisStatus: observed.pis, changedAt, checkedAt: now };
    const current = await tx.bankStatus.upsert({ where: { bankId }, create: { bankId, ...data }, update: data });
    return { previous, current, aisChanged, pisChanged };
  },

  find(db: Db, bankId: string): Promise<BankStatus | null> {
    return db.bankStatus.findUnique({ where: { bankId } });
  },

  list(db: Db, bankIds: readonly string[]): Promise<BankStatus[]> {
    return db.bankStatus.findMany({ where: { bankId: { in: [...bankIds] } } });
  },
};
