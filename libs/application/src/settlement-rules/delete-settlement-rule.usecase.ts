import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { SettlementRuleRepository, Transactions } from '#libs/db';
import { refusalToDelete, type MemberId, type SettlementRuleStatus } from '#libs/domain';
import { recordChange } from '../lifecycle/record-change.js';
import { settlementRuleLifecycle } from './settlement-rule-lifecycle.js';

export interface DeleteSettlementRuleCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  readonly settlementRuleId: string;
}

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

  async execute({
    memberId,
    accountId,
    settlementRuleId,
  }: DeleteSettlementRuleCommand): Promise<Record<string, never>> {
    await this.transactions.run(async (tx) => {
      const rules = this.rules.in(tx);
      const owned = await rules.findForAccount(memberId, accountId, settlementRuleId);
      if (owned === null)
        throw GatewayError.notFound(settlementRuleId, `Settlement rule ${settlementRuleId} not found.`);
      const rule = (await rules.lock(owned.id)) ?? owned;
      const refusal = refusalToDelete(rule.status as SettlementRuleStatus);
      if (refusal !== undefined) throw GatewayError.invalidField('settlementRuleId', `settlementRuleId: ${refusal}.`);
      const now = this.clock.now();
      const change = { status: 'INACTIVE', endReason: 'DELETED', nextRunAt: null, updatedAt: now } as const;
      const deleted = await recordChange(settlementRuleLifecycle, tx, rule, change, now, undefined);
      if (deleted.kind !== 'changed')
        throw new Error(`settlement rule ${rule.id}: the locked rule did not move (${deleted.kind})`);
    });
    return {};
  }
}
