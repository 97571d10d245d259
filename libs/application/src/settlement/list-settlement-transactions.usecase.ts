import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import {
  SettlementAccountRepository,
  SettlementTransactionRepository,
  type SettlementTransactionListFilter,
} from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset } from '../paging/page-offset.js';
import { renderTransactionEntry, type VirtualAccountTransactionsResource } from './settlement-account-view.js';
import { settlementPageOf, type PageRequest, type SettlementPageInfo } from './settlement-page.js';

export interface ListSettlementTransactionsCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  readonly page: PageRequest;
  readonly filter: SettlementTransactionListFilter;
  /** When given, the account must be the one held for this sub-TPP. */
  readonly onBehalfOfId?: string;
}

export interface VirtualAccountTransactionsPage {
  readonly transactions: readonly VirtualAccountTransactionsResource[];
  readonly pageInfo: SettlementPageInfo;
}

/**
 * GET /virtual-accounts/{accountId}/transactions: the credits and debits of one of the member's
 * opened settlement accounts (and, when onBehalfOfId is given, made for that sub-TPP), newest
 * first; 404 otherwise, like an unknown id.
 */
@Injectable()
export class ListSettlementTransactionsUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: SettlementTransactionRepository,
  ) {}

  async execute(command: ListSettlementTransactionsCommand): Promise<VirtualAccountTransactionsPage> {
    const { memberId, accountId, onBehalfOfId, page: request } = command;
    const account = await this.accounts.findOpenedForMember(memberId, accountId);
    if (account === null || (onBehalfOfId !== undefined && account.onBehalfOfId !== onBehalfOfId))
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    const cursor = request.offset === undefined ? undefined : decodePageOffset(request.offset, 'offset');
    const rows = await this.transactions.listForMember(memberId, accountId, command.filter, request.limit, cursor);
    const { page, pageInfo } = settlementPageOf(rows, request, (row) => ({
      createdAt: row.createdDateTime,
      id: row.id,
    }));
    return { transactions: page.map(renderTransactionEntry), pageInfo };
  }
}
