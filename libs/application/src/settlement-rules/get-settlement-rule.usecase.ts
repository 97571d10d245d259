import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SettlementRuleRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderSettlementRule, type SettlementRuleResource } from './settlement-rule-view.js';

export interface GetSettlementRuleCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  readonly settlementRuleId: string;
}

/**
 * GET /virtual-accounts/{accountId}/settlement-rules/{settlementRuleId}: one rule of the member's
 * account; 404 for an unknown one, another account's or another member's.
 */
@Injectable()
export class GetSettlementRuleUseCase {
  constructor(private readonly rules: SettlementRuleRepository) {}

  async execute(command: GetSettlementRuleCommand): Promise<SettlementRuleResource> {
    const { memberId, accountId, settlementRuleId } = command;
    const rule = await this.rules.findForAccount(memberId, accountId, settlementRuleId);
    if (rule === null) throw GatewayError.notFound(settlementRuleId, `Settlement rule ${settlementRuleId} not found.`);
    return renderSettlementRule(rule);
  }
}
