import { Injectable } from '@nestjs/common';
import type { MemberId, PayoutStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { PAYOUT_STATUS } from '../payouts/payout-row.js';
import type { SettlementRulePayout } from './settlement-rule-payout-row.js';
import { oneOf } from '../list-clauses.js';

export type NewSettlementRulePayout = Omit<Prisma.SettlementRulePayoutUncheckedCreateInput, 'status'> & {
  readonly status: PayoutStatus;
};

/**
 * The reference's rule payout filters; `ids` match the payout id, or the run's own id when it made
 * none; `statuses` the payout's current status, or the run's when it made none.
 */
export interface SettlementRulePayoutFilter {
  readonly settlementRuleId?: string;
  readonly ids?: readonly string[];
  readonly invertIds?: boolean;
  readonly statuses?: readonly string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: readonly string[];
  /** Runs scheduled at or after. */
  readonly from?: Date;
  /** Runs scheduled before. */
  readonly before?: Date;
}

/** Where a page ends: the last run's scheduled time and id. */
export interface RulePayoutCursor {
  readonly scheduledFor: Date;
  readonly id: string;
}

/** The runs of settlement rules, one per rule and scheduled time. */
@Injectable()
export class SettlementRulePayoutRepository extends Repository {
  /** Inserts the run unless the rule already has one at this scheduled time: the row, or null. */
  async insertOnce(row: NewSettlementRulePayout): Promise<SettlementRulePayout | null> {
    const { count } = await this.db.settlementRulePayout.createMany({ data: [row], skipDuplicates: true });
    return count === 0
      ? null
      : this.db.settlementRulePayout.findUnique({ where: { id: row.id } }).then(PAYOUT_STATUS.rowOrNull);
  }

  findByRuleAndTime(ruleId: string, scheduledFor: Date): Promise<SettlementRulePayout | null> {
    return this.db.settlementRulePayout
      .findUnique({ where: { ruleId_scheduledFor: { ruleId, scheduledFor } } })
      .then(PAYOUT_STATUS.rowOrNull);
  }

  /** One page of the account's rule payouts, latest run first; `limit + 1` rows so the caller knows whether more follow. */
  async listForAccount(
    memberId: MemberId,
    accountId: string,
    filter: SettlementRulePayoutFilter,
    cursor: RulePayoutCursor | undefined,
    limit: number,
  ): Promise<SettlementRulePayout[]> {
    const and: Prisma.SettlementRulePayoutWhereInput[] = [{ memberId, accountId }];
    if (filter.settlementRuleId !== undefined) and.push({ ruleId: filter.settlementRuleId });
    if (filter.ids !== undefined) {
      const ids = [...filter.ids];
      and.push(
        filter.invertIds === true
          ? { id: { notIn: ids }, OR: [{ payoutId: null }, { payoutId: { notIn: ids } }] }
          : { OR: [{ id: { in: ids } }, { payoutId: { in: ids } }] },
      );
    }
    if (filter.statuses !== undefined) {
      // A run that made a payout is in its payout's current status; one that could not pay in its own.
      const status = oneOf(filter.statuses, filter.invertStatuses);
      const payouts = await this.db.payout.findMany({
        where: { memberId, accountId, settlementRuleId: { not: null }, status },
        select: { id: true },
      });
      and.push({ OR: [{ payoutId: null, status }, { payoutId: { in: payouts.map((payout) => payout.id) } }] });
    }
    if (filter.refIds !== undefined) and.push({ refId: { in: [...filter.refIds] } });
    if (filter.from !== undefined) and.push({ scheduledFor: { gte: filter.from } });
    if (filter.before !== undefined) and.push({ scheduledFor: { lt: filter.before } });
    if (cursor !== undefined)
      and.push({
        OR: [
          { scheduledFor: { lt: cursor.scheduledFor } },
          { scheduledFor: cursor.scheduledFor, id: { lt: cursor.id } },
        ],
      });
    return this.db.settlementRulePayout
      .findMany({
        where: { AND: and },
        orderBy: [{ scheduledFor: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(PAYOUT_STATUS.rows);
  }
}
