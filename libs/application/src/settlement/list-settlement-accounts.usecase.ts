import { Injectable } from '@nestjs/common';
import { SettlementAccountRepository, type SettlementAccountListFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset } from '../paging/page-offset.js';
import { renderVirtualAccount, type VirtualAccountResource } from './settlement-account-view.js';
import { settlementPageOf, type PageRequest, type SettlementPageInfo } from './settlement-page.js';

export interface ListSettlementAccountsCommand {
  readonly memberId: MemberId;
  readonly page: PageRequest;
  readonly filter: SettlementAccountListFilter;
}

export interface VirtualAccountsPage {
  readonly virtualAccount: readonly VirtualAccountResource[];
  readonly pageInfo: SettlementPageInfo;
}

/** GET /virtual-accounts: the member's settlement accounts opened at their provider, newest first. */
@Injectable()
export class ListSettlementAccountsUseCase {
  constructor(private readonly accounts: SettlementAccountRepository) {}

  async execute(command: ListSettlementAccountsCommand): Promise<VirtualAccountsPage> {
    const request = command.page;
    const cursor = request.offset === undefined ? undefined : decodePageOffset(request.offset, 'offset');
    const rows = await this.accounts.listOpenedForMember(command.memberId, command.filter, request.limit, cursor);
    const { page, pageInfo } = settlementPageOf(rows, request, (row) => ({ createdAt: row.createdAt, id: row.id }));
    return { virtualAccount: page.map(renderVirtualAccount), pageInfo };
  }
}
