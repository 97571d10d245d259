import { Injectable } from '@nestjs/common';
import { SettlementAccountRepository, SettlementRuleRepository } from '#libs/db';
import type { MemberId, SettlementRuleStatus } from '#libs/domain';
import { requireMemberAccount } from './require-member-account.js';
import { renderSettlementRule, type SettlementRuleResource } from './settlement-rule-view.js';

export interface ListSettlementRulesCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  /** Only the rules in this status; all of them when none is given. */
  readonly status?: SettlementRuleStatus;
}

/** GET /virtual-accounts/{accountId}/settlement-rules: the account's rules, newest first. */
@Injectable()
export class ListSettlementRulesUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly rules: SettlementRuleRepository,
  ) {}

  async execute(command: ListSettlementRulesCommand): Promise<{ settlementRule: SettlementRuleResource[] }> {
    await requireMemberAccount(this.accounts, command.memberId, command.accountId);
    const rows = await this.rules.listForAccount(command.memberId, command.accountId, command.status);
    return { settlementRule: rows.map(renderSettlementRule) };
  }
}
