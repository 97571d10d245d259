import { Injectable } from '@nestjs/common';
import type { MemberId, SettlementRuleStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { SETTLEMENT_RULE_STATUS, type SettlementRule } from './settlement-rule-row.js';

export type NewSettlementRule = Omit<Prisma.SettlementRuleUncheckedCreateInput, 'status'> & {
  readonly status: SettlementRuleStatus;
};

/** What a status change or a run writes to a rule. */
export type SettlementRuleChange = Pick<Prisma.SettlementRuleUncheckedUpdateInput, 'endReason'> & {
  readonly status?: SettlementRuleStatus;
  readonly nextRunAt: Date | null;
  readonly updatedAt: Date;
};

/** Settlement rules. Member-facing reads are scoped to the member and the account. */
@Injectable()
export class SettlementRuleRepository extends Repository {
  insert(row: NewSettlementRule): Promise<SettlementRule> {
    return this.db.settlementRule.create({ data: row }).then(SETTLEMENT_RULE_STATUS.row);
  }

  /** The member's rule of the account, or null (also for another member's or another account's). */
  findForAccount(memberId: MemberId, accountId: string, id: string): Promise<SettlementRule | null> {
    return this.db.settlementRule
      .findFirst({ where: { id, accountId, memberId } })
      .then(SETTLEMENT_RULE_STATUS.rowOrNull);
  }

  /** The account's rules, newest first, all or those in `status`. */
  listForAccount(memberId: MemberId, accountId: string, status?: string): Promise<SettlementRule[]> {
    return this.db.settlementRule
      .findMany({
        where: { memberId, accountId, ...(status === undefined ? {} : { status }) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      })
      .then(SETTLEMENT_RULE_STATUS.rows);
  }

  /** The rule by its id, whoever's (the worker's runs read it before taking its lock). */
  findById(id: string): Promise<SettlementRule | null> {
    return this.db.settlementRule.findUnique({ where: { id } }).then(SETTLEMENT_RULE_STATUS.rowOrNull);
  }

  /** The row locked for the caller's transaction (FOR UPDATE), or null. Call on a repository bound with in(tx). */
  async lock(id: string): Promise<SettlementRule | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM settlement_rule WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0
      ? null
      : this.db.settlementRule.findUnique({ where: { id } }).then(SETTLEMENT_RULE_STATUS.rowOrNull);
  }

  update(id: string, change: SettlementRuleChange): Promise<SettlementRule> {
    return this.db.settlementRule.update({ where: { id }, data: change }).then(SETTLEMENT_RULE_STATUS.row);
  }

  /** Applies the change only while the rule is still as `current` was read (status and last change): the rule, or null. */
  async updateAtVersion(current: SettlementRule, change: SettlementRuleChange): Promise<SettlementRule | null> {
    const { count } = await this.db.settlementRule.updateMany({
      where: { id: current.id, status: current.status, updatedAt: current.updatedAt },
      data: change,
    });
    return count === 0
      ? null
      : this.db.settlementRule.findUnique({ where: { id: current.id } }).then(SETTLEMENT_RULE_STATUS.rowOrNull);
  }
}
