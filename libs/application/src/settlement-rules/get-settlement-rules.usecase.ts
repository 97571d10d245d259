import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SettlementAccountRepository, SettlementRuleRepository } from '#libs/db';
import type { MemberId, SettlementRuleStatus } from '#libs/domain';
import { renderSettlementRule, type SettlementRuleResource } from './settlement-rule-view.js';

/** The member's settlement account or a 404 (also for another member's account). */
export async function requireMemberAccount(
  accounts: SettlementAccountRepository,
  memberId: MemberId,
  accountId: string,
): Promise<void> {
  if ((await accounts.findForMember(memberId, accountId)) === null)
    throw GatewayError.notFound(accountId, `Settlement account ${accountId} not found.`);
}

/** GET /virtual-accounts/{accountId}/settlement-rules and .../{settlementRuleId}. */
@Injectable()
export class GetSettlementRulesUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly rules: SettlementRuleRepository,
  ) {}

  /** The account's rules, newest first: those in `status`, or all when none is given. */
  async list(
    memberId: MemberId,
    accountId: string,
    status?: SettlementRuleStatus,
  ): Promise<{ settlementRule: SettlementRuleResource[] }> {
    await requireMemberAccount(this.accounts, memberId, accountId);
    const rows = await this.rules.listForAccount(memberId, accountId, status);
    return { settlementRule: rows.map(renderSettlementRule) };
  }

  /** One rule of the member's account; 404 for an unknown one, another account's or another member's. */
  async one(memberId: MemberId, accountId: string, settlementRuleId: string): Promise<SettlementRuleResource> {
    const rule = await this.rules.findForAccount(memberId, accountId, settlementRuleId);
    if (rule === null) throw GatewayError.notFound(settlementRuleId, `Settlement rule ${settlementRuleId} not found.`);
    return renderSettlementRule(rule);
  }
}
