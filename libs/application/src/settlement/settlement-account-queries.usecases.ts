import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import {
  SettlementAccountRepository,
  SettlementTransactionRepository,
  type SettlementAccount,
  type SettlementAccountListFilter,
  type SettlementTransactionListFilter,
} from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import {
  renderTransaction,
  renderTransactionEntry,
  renderVirtualAccount,
  type VirtualAccountResource,
  type VirtualAccountTransactionResource,
  type VirtualAccountTransactionsResource,
} from './settlement-account-view.js';

/** The reference's PageInfo. */
export interface SettlementPageInfo {
  readonly limit: number;
  readonly offset?: string;
  readonly nextOffset?: string;
  readonly haveMore: boolean;
}

export interface PageRequest {
  readonly limit: number;
  readonly offset?: string;
}

export interface VirtualAccountsPage {
  readonly virtualAccount: readonly VirtualAccountResource[];
  readonly pageInfo: SettlementPageInfo;
}

export interface VirtualAccountTransactionsPage {
  readonly transactions: readonly VirtualAccountTransactionsResource[];
  readonly pageInfo: SettlementPageInfo;
}

/** A page cut from `limit + 1` rows: the rows to answer and its PageInfo. */
function pageOf<T>(rows: readonly T[], request: PageRequest, cursorOf: (row: T) => { createdAt: Date; id: string }) {
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const haveMore = rows.length > request.limit && last !== undefined;
  const pageInfo: SettlementPageInfo = {
    limit: request.limit,
    ...(request.offset === undefined ? {} : { offset: request.offset }),
    ...(haveMore ? { nextOffset: encodePageOffset(cursorOf(last)) } : {}),
    haveMore,
  };
  return { page, pageInfo };
}

/**
 * The member's settlement accounts and their transactions. Every read is scoped to the member:
 * another member's account (or one not opened at its provider) answers 404 like an unknown id.
 */
@Injectable()
export class SettlementAccountQueries {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly transactions: SettlementTransactionRepository,
  ) {}

  async list(
    memberId: MemberId,
    request: PageRequest,
    filter: SettlementAccountListFilter,
  ): Promise<VirtualAccountsPage> {
    const cursor = request.offset === undefined ? undefined : decodePageOffset(request.offset, 'offset');
    const rows = await this.accounts.listOpenedForMember(memberId, filter, request.limit, cursor);
    const { page, pageInfo } = pageOf(rows, request, (row) => ({ createdAt: row.createdAt, id: row.id }));
    return { virtualAccount: page.map(renderVirtualAccount), pageInfo };
  }

  async get(
    memberId: MemberId,
    accountId: string,
    onBehalfOfId?: string,
  ): Promise<{ virtualAccount: VirtualAccountResource }> {
    const row = await this.accounts.findViewForMember(memberId, accountId);
    if (row === null || (onBehalfOfId !== undefined && row.onBehalfOfId !== onBehalfOfId))
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    return { virtualAccount: renderVirtualAccount(row) };
  }

  async listTransactions(
    memberId: MemberId,
    accountId: string,
    request: PageRequest,
    filter: SettlementTransactionListFilter,
    onBehalfOfId?: string,
  ): Promise<VirtualAccountTransactionsPage> {
    await this.accountOf(memberId, accountId, onBehalfOfId);
    const cursor = request.offset === undefined ? undefined : decodePageOffset(request.offset, 'offset');
    const rows = await this.transactions.listForMember(memberId, accountId, filter, request.limit, cursor);
    const { page, pageInfo } = pageOf(rows, request, (row) => ({ createdAt: row.createdDateTime, id: row.id }));
    return { transactions: page.map(renderTransactionEntry), pageInfo };
  }

  async getTransaction(
    memberId: MemberId,
    accountId: string,
    providerPaymentId: string,
    onBehalfOfId?: string,
  ): Promise<{ transaction: VirtualAccountTransactionResource }> {
    await this.accountOf(memberId, accountId, onBehalfOfId);
    const row = await this.transactions.findForMember(memberId, accountId, providerPaymentId);
    if (row === null)
      throw GatewayError.notFound(
        providerPaymentId,
        `Transaction ${providerPaymentId} not found in account ${accountId}.`,
      );
    return { transaction: renderTransaction(row) };
  }

  /** The member's opened account (and, when onBehalfOfId is given, made for that sub-TPP), else 404. */
  private async accountOf(memberId: MemberId, accountId: string, onBehalfOfId?: string): Promise<SettlementAccount> {
    const row = await this.accounts.findOpenedForMember(memberId, accountId);
    if (row === null || (onBehalfOfId !== undefined && row.onBehalfOfId !== onBehalfOfId))
      throw GatewayError.notFound(accountId, `Account ${accountId} not found.`);
    return row;
  }
}
