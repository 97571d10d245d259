import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { SettlementRuleRepository, Transactions } from '#libs/db';
import { refusalToDelete, type MemberId, type SettlementRuleStatus } from '#libs/domain';
import { resetSettlementRuleTimer } from './settlement-rule-timer.js';

/**
 * DELETE /virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}: an ACTIVE rule becomes
 * INACTIVE (ended as DELETED) and its timer is removed, in one transaction under the rule's lock;
 * a rule that is not ACTIVE is a 400 saying so.
 */
@Injectable()
export class DeleteSettlementRuleUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly rules: SettlementRuleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(memberId: MemberId, accountId: string, settlementRuleId: string): Promise<Record<string, never>> {
    await this.transactions.run(async (tx) => {
      const rules = this.rules.in(tx);
      const owned = await rules.findForAccount(memberId, accountId, settlementRuleId);
      if (owned === null)
        throw GatewayError.notFound(settlementRuleId, `Settlement rule ${settlementRuleId} not found.`);
      const rule = (await rules.lock(owned.id)) ?? owned;
      const refusal = refusalToDelete(rule.status as SettlementRuleStatus);
      if (refusal !== undefined) throw GatewayError.invalidField('settlementRuleId', `settlementRuleId: ${refusal}.`);
      const deleted = await rules.update(rule.id, {
        status: 'INACTIVE',
        endReason: 'DELETED',
        nextRunAt: null,
        updatedAt: this.clock.now(),
      });
      await resetSettlementRuleTimer(tx, deleted);
    });
    return {};
  }
}
