import { Injectable } from '@nestjs/common';
import type { BankStatus } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

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
@Injectable()
export class BankStatusRepository extends Repository {
  /**
   * Records an observation (in the caller's transaction when bound to one, so the outage events
   * of a change commit with it). The bank's row is locked first (FOR UPDATE), so two probes of
   * the same bank compare against each other's result, not both against the old one. A first
   * observation is not a change.
   */
  record(bankId: string, observed: ObservedBankStatus, now: Date): Promise<BankStatusChange> {
    return this.transaction(async (tx) => {
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
    });
  }

  find(bankId: string): Promise<BankStatus | null> {
    return this.db.bankStatus.findUnique({ where: { bankId } });
  }

  list(bankIds: readonly string[]): Promise<BankStatus[]> {
    return this.db.bankStatus.findMany({ where: { bankId: { in: [...bankIds] } } });
  }
}
