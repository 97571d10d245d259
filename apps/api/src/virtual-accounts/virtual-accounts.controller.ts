import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  CreateSettlementAccountUseCase,
  GetSettlementAccountUseCase,
  GetSettlementTransactionUseCase,
  ListSettlementAccountsUseCase,
  ListSettlementTransactionsUseCase,
  type VirtualAccountResource,
  type VirtualAccountsPage,
  type VirtualAccountTransactionResource,
  type VirtualAccountTransactionsPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { CreateVirtualAccountRequest, toCreateSettlementAccountCommand } from './dto/create-virtual-account.request.js';
import {
  ListVirtualAccountTransactionsQuery,
  toSettlementTransactionListFilter,
} from './dto/list-virtual-account-transactions.query.js';
import {
  ListVirtualAccountsQuery,
  OnBehalfOfQuery,
  toSettlementAccountListFilter,
} from './dto/list-virtual-accounts.query.js';
import { pageRequestOf } from './dto/page-params.js';
import {
  CREATE_VIRTUAL_ACCOUNT_ANSWER_EXAMPLES,
  CREATE_VIRTUAL_ACCOUNT_EXAMPLES,
  VIRTUAL_ACCOUNTS_ANSWER_EXAMPLE,
  VIRTUAL_ACCOUNT_ANSWER_EXAMPLE,
  VIRTUAL_ACCOUNT_TRANSACTIONS_ANSWER_EXAMPLE,
  VIRTUAL_ACCOUNT_TRANSACTION_ANSWER_EXAMPLE,
} from './virtual-account-examples.js';
import {
  TRANSACTION_RESPONSE_SCHEMA,
  TRANSACTIONS_RESPONSE_SCHEMA,
  VIRTUAL_ACCOUNT_RESPONSE_SCHEMA,
  VIRTUAL_ACCOUNTS_RESPONSE_SCHEMA,
} from './virtual-account-schemas.js';

const SCOPE = 'Only the member’s own accounts: another member’s account answers 404.';

@ApiTags('Settlement Accounts')
@Controller('virtual-accounts')
export class VirtualAccountsController {
  constructor(
    private readonly create: CreateSettlementAccountUseCase,
    private readonly accounts: ListSettlementAccountsUseCase,
    private readonly account: GetSettlementAccountUseCase,
    private readonly transactions: ListSettlementTransactionsUseCase,
    private readonly transaction: GetSettlementTransactionUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Create a settlement account',
    operationId: 'GatewayService.CreateVirtualAccount',
    description:
      'Opens a settlement account at the settlement provider: EUR accounts get an IBAN and BIC, GBP accounts a sort code and account number; balances start at 0.00 and move with the credits the account receives (VIRTUAL_ACCOUNT_CREDIT_RECEIVED) and the payouts made from it. Each rule broken is a 400 naming the field. An optional `Idempotency-Key` makes retries safe.',
  })
  @ApiBody({ type: CreateVirtualAccountRequest, examples: CREATE_VIRTUAL_ACCOUNT_EXAMPLES })
  @ApiOkResponse({ schema: VIRTUAL_ACCOUNT_RESPONSE_SCHEMA, examples: CREATE_VIRTUAL_ACCOUNT_ANSWER_EXAMPLES })
  createAccount(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ virtualAccount: VirtualAccountResource } | string | undefined> {
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(CreateVirtualAccountRequest, request.body);
      return this.create.execute(toCreateSettlementAccountCommand(member, body));
    });
  }

  @Get()
  @ApiOperation({
    summary: 'Get settlement accounts',
    operationId: 'GatewayService.GetVirtualAccounts',
    description:
      'The member’s settlement accounts with their balances, newest first; `limit` at most 200 (default 200), `pageInfo.nextOffset` (opaque) continues with the next page.',
  })
  @ApiOkResponse({ schema: VIRTUAL_ACCOUNTS_RESPONSE_SCHEMA, example: VIRTUAL_ACCOUNTS_ANSWER_EXAMPLE })
  listAccounts(
    @CurrentMember() member: MemberContext,
    @Query() query: ListVirtualAccountsQuery,
  ): Promise<VirtualAccountsPage> {
    return this.accounts.execute({
      memberId: member.memberId,
      page: pageRequestOf(query),
      filter: toSettlementAccountListFilter(query),
    });
  }

  @Get(':accountId')
  @ApiOperation({
    summary: 'Get a settlement account',
    operationId: 'GatewayService.GetVirtualAccountById',
    description: `One settlement account with its balances. ${SCOPE}`,
  })
  @ApiOkResponse({ schema: VIRTUAL_ACCOUNT_RESPONSE_SCHEMA, example: VIRTUAL_ACCOUNT_ANSWER_EXAMPLE })
  getAccount(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Query() query: OnBehalfOfQuery,
  ): Promise<{ virtualAccount: VirtualAccountResource }> {
    return this.account.execute({
      memberId: member.memberId,
      accountId,
      ...(query.onBehalfOfId === undefined ? {} : { onBehalfOfId: query.onBehalfOfId }),
    });
  }

  @Get(':accountId/transactions')
  @ApiOperation({
    summary: 'Get settlement account transactions',
    operationId: 'GatewayService.GetVirtualAccountTransactions',
    description: `The account’s credits and debits, newest first (by the provider’s time), filtered by refId, dates, amount, providerPaymentId or transactionType. ${SCOPE}`,
  })
  @ApiOkResponse({ schema: TRANSACTIONS_RESPONSE_SCHEMA, example: VIRTUAL_ACCOUNT_TRANSACTIONS_ANSWER_EXAMPLE })
  listTransactions(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Query() query: ListVirtualAccountTransactionsQuery,
  ): Promise<VirtualAccountTransactionsPage> {
    return this.transactions.execute({
      memberId: member.memberId,
      accountId,
      page: pageRequestOf(query),
      filter: toSettlementTransactionListFilter(query),
      ...(query.onBehalfOfId === undefined ? {} : { onBehalfOfId: query.onBehalfOfId }),
    });
  }

  @Get(':accountId/transactions/:providerPaymentId')
  @ApiOperation({
    summary: 'Get a settlement account transaction',
    operationId: 'GatewayService.GetVirtualAccountTransaction',
    description: `One transaction of the account by the provider’s id, with the payment, transfer, payout or refund it belongs to. A credit the gateway has not read from the provider yet is asked for by its id and booked at once. ${SCOPE}`,
  })
  @ApiOkResponse({ schema: TRANSACTION_RESPONSE_SCHEMA, example: VIRTUAL_ACCOUNT_TRANSACTION_ANSWER_EXAMPLE })
  getTransaction(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Param('providerPaymentId') providerPaymentId: string,
    @Query() query: OnBehalfOfQuery,
  ): Promise<{ transaction: VirtualAccountTransactionResource }> {
    return this.transaction.execute({
      memberId: member.memberId,
      accountId,
      providerPaymentId,
      ...(query.onBehalfOfId === undefined ? {} : { onBehalfOfId: query.onBehalfOfId }),
    });
  }
}
