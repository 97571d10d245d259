import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SettlementAccountRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderVirtualAccount, type VirtualAccountResource } from './settlement-account-view.js';

export interface GetSettlementAccountCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  /** When given, the account must be the one held for this sub-TPP. */
  readonly onBehalfOfId?: string;
}

/**
 * GET /virtual-accounts/{accountId}: one of the member's settlement accounts with its balances;
 * another member's account (or one made for another sub-TPP than onBehalfOfId) answers 404 like an
 * unknown id.
 */
@Injectable()
export class GetSettlementAccountUseCase {
  constructor(private readonly accounts: SettlementAccountRepository) {}

  async execute(command: GetSettlementAccountCommand): Promise<{ virtualAccount: VirtualAccountResource }> {
    const { memberId, accountId, onBehalfOfId } = command;
    const row = await this.accounts.findViewForMember(memberId, accountId);
    if (row === null || (onBehalfOfId !== undefined && row.onBehalfOfId !== onBehalfOfId))
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    return { virtualAccount: renderVirtualAccount(row) };
  }
}
