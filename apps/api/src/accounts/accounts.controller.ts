import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { AccountInformationReads, type AccountCall } from '#libs/application';
import { GatewayError } from '#libs/common';
import { ApiCustomerIpAddressHeader, customerIpAddress } from '../shared/headers/customer-ip-address.header.js';
import { AccountPageQuery, TransactionsQueryDto } from './dto/account-page.query.js';
import {
  ACCOUNT_RESPONSE,
  ACCOUNTS_RESPONSE,
  BALANCE_RESPONSE,
  BALANCES_RESPONSE,
  STANDING_ORDER_RESPONSE,
  STANDING_ORDERS_RESPONSE,
  TRANSACTION_RESPONSE,
  TRANSACTIONS_RESPONSE,
} from './accounts.openapi.js';
import {
  ACCOUNTS_ANSWER_EXAMPLE,
  ACCOUNT_ANSWER_EXAMPLE,
  BALANCES_ANSWER_EXAMPLE,
  BALANCE_ANSWER_EXAMPLE,
  STANDING_ORDERS_ANSWER_EXAMPLE,
  STANDING_ORDER_ANSWER_EXAMPLE,
  TRANSACTIONS_ANSWER_EXAMPLE,
  TRANSACTION_ANSWER_EXAMPLE,
} from './account-examples.js';

type Json = Record<string, unknown>;

/** The longest token id and cache-control the account reads take. */
const CONSENT_TOKEN_ID_MAX_LENGTH = 128;
const CACHE_CONTROL_MAX_LENGTH = 256;
/** The most accounts one balances read takes, and the longest account id. */
const BALANCES_MAX_ACCOUNTS = 100;
const ACCOUNT_ID_MAX_LENGTH = 256;

const CONSENT_HEADERS = [
  ApiHeader({
    name: 'on-behalf-of',
    required: true,
    description: 'The tokenId of the consent the user gave (an account-information token).',
    schema: { type: 'string', maxLength: CONSENT_TOKEN_ID_MAX_LENGTH },
  }),
  ApiCustomerIpAddressHeader(
    'The user’s IP address when the user is present; passed to the bank. Without it the call is TPP-initiated and counts against the bank’s allowance (4 per token in 24 hours by default).',
  ),
];
const CACHE_HEADER = ApiHeader({
  name: 'cache-control',
  required: false,
  description: 'no-cache: ask the bank even when the same read was made for this token within the last minute.',
  schema: { type: 'string', maxLength: CACHE_CONTROL_MAX_LENGTH },
});

/** The header's value if sent, refused by name beyond `maxLength` characters. */
function header(request: FastifyRequest, name: string, maxLength: number): string | undefined {
  const value = request.headers[name];
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.length > maxLength)
    throw GatewayError.invalidField(name, `${name} must be at most ${maxLength} characters.`);
  return value;
}

function accountCall(member: MemberContext, request: FastifyRequest): AccountCall {
  const ip = customerIpAddress(request);
  const cacheControl = header(request, 'cache-control', CACHE_CONTROL_MAX_LENGTH) ?? '';
  return {
    memberId: member.memberId,
    tokenId: header(request, 'on-behalf-of', CONSENT_TOKEN_ID_MAX_LENGTH),
    ...(ip === undefined ? {} : { psuIpAddress: ip }),
    noCache: /(^|,)\s*(no-cache|no-store|max-age=0)\s*(,|$)/i.test(cacheControl),
    traceId: request.traceId,
  };
}

function decorate(...decorators: MethodDecorator[]): MethodDecorator {
  return (target, key, descriptor) => {
    for (const decorator of decorators) decorator(target, key, descriptor);
  };
}

@ApiTags('Accounts')
@Controller()
export class AccountsController {
  constructor(private readonly reads: AccountInformationReads) {}

  @Get('accounts')
  @ApiOperation({
    summary: 'Get information for all accounts',
    operationId: 'GatewayService.GetAccounts',
    description: 'The accounts the access token (`on-behalf-of`) covers, as the bank answers them.',
  })
  @decorate(...CONSENT_HEADERS)
  @ApiOkResponse({ schema: ACCOUNTS_RESPONSE, example: ACCOUNTS_ANSWER_EXAMPLE })
  accounts(@CurrentMember() member: MemberContext, @Req() request: FastifyRequest): Promise<Json> {
    return this.reads.accounts(accountCall(member, request));
  }

  @Get('accounts/:accountId')
  @ApiOperation({
    summary: 'Get account information',
    operationId: 'GatewayService.GetAccount',
    description: 'One account the access token covers.',
  })
  @decorate(...CONSENT_HEADERS)
  @ApiOkResponse({ schema: ACCOUNT_RESPONSE, example: ACCOUNT_ANSWER_EXAMPLE })
  account(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Param('accountId') accountId: string,
  ): Promise<Json> {
    return this.reads.account(accountCall(member, request), accountId);
  }

  @Get('account-balance')
  @ApiOperation({
    summary: 'Get account balances',
    operationId: 'GatewayService.GetBalances',
    description: 'The balances of the accounts named by accountId (repeated), or of every account of the consent.',
  })
  @decorate(...CONSENT_HEADERS, CACHE_HEADER)
  @ApiQuery({
    name: 'accountId',
    required: false,
    schema: {
      type: 'array',
      items: { type: 'string', maxLength: ACCOUNT_ID_MAX_LENGTH },
      maxItems: BALANCES_MAX_ACCOUNTS,
    },
    description: `Account ids (repeat the parameter), at most ${BALANCES_MAX_ACCOUNTS}.`,
  })
  @ApiOkResponse({ schema: BALANCES_RESPONSE, example: BALANCES_ANSWER_EXAMPLE })
  balances(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Query('accountId') accountId: string | string[] | undefined,
  ): Promise<Json> {
    const ids = accountId === undefined ? [] : Array.isArray(accountId) ? accountId : [accountId];
    if (ids.length > BALANCES_MAX_ACCOUNTS)
      throw GatewayError.invalidField('accountId', `At most ${BALANCES_MAX_ACCOUNTS} accountId values.`);
    if (ids.some((id) => id.length > ACCOUNT_ID_MAX_LENGTH))
      throw GatewayError.invalidField(
        'accountId',
        `accountId values must be at most ${ACCOUNT_ID_MAX_LENGTH} characters.`,
      );
    return this.reads.balances(accountCall(member, request), ids);
  }

  @Get('accounts/:accountId/balance')
  @ApiOperation({
    summary: 'Get an account balance',
    operationId: 'GatewayService.GetBalance',
    description: 'The current and available balance of one account the access token covers.',
  })
  @decorate(...CONSENT_HEADERS, CACHE_HEADER)
  @ApiOkResponse({ schema: BALANCE_RESPONSE, example: BALANCE_ANSWER_EXAMPLE })
  balance(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Param('accountId') accountId: string,
  ): Promise<Json> {
    return this.reads.balance(accountCall(member, request), accountId);
  }

  @Get('accounts/:accountId/transactions')
  @ApiOperation({
    summary: 'Get account transactions',
    operationId: 'GatewayService.GetTransactions',
    description:
      'Newest first, in pages of page.limit; `offset` in the answer is the next page’s page.offset (absent on the last page). startDate and endDate only at banks whose catalogue entry supports a date filter (400 otherwise).',
  })
  @decorate(...CONSENT_HEADERS, CACHE_HEADER)
  @ApiOkResponse({ schema: TRANSACTIONS_RESPONSE, example: TRANSACTIONS_ANSWER_EXAMPLE })
  async transactions(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('accountId') accountId: string,
    @Query() query: TransactionsQueryDto,
  ): Promise<string> {
    const answer = await this.reads.transactions(accountCall(member, request), accountId, {
      limit: query['page.limit'],
      ...(query['page.offset'] === undefined ? {} : { offset: query['page.offset'] }),
      ...(query.startDate === undefined ? {} : { startDate: query.startDate }),
      ...(query.endDate === undefined ? {} : { endDate: query.endDate }),
    });
    // The page is JSON text already (kept as it was first sent).
    void reply.type('application/json; charset=utf-8');
    return answer.json;
  }

  @Get('accounts/:accountId/transaction/:transactionId')
  @ApiOperation({
    summary: 'Get transaction information',
    operationId: 'GatewayService.GetTransaction',
    description: 'One transaction of an account the access token covers.',
  })
  @decorate(...CONSENT_HEADERS, CACHE_HEADER)
  @ApiOkResponse({ schema: TRANSACTION_RESPONSE, example: TRANSACTION_ANSWER_EXAMPLE })
  transaction(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Param('accountId') accountId: string,
    @Param('transactionId') transactionId: string,
  ): Promise<Json> {
    return this.reads.transaction(accountCall(member, request), accountId, transactionId);
  }

  @Get('accounts/:accountId/standing-orders')
  @ApiOperation({
    summary: 'Get information for all standing orders',
    operationId: 'GatewayService.GetStandingOrders',
    description: '501 at banks whose standard or catalogue entry offers no standing-order reads.',
  })
  @decorate(...CONSENT_HEADERS)
  @ApiOkResponse({ schema: STANDING_ORDERS_RESPONSE, example: STANDING_ORDERS_ANSWER_EXAMPLE })
  standingOrders(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Param('accountId') accountId: string,
    @Query() query: AccountPageQuery,
  ): Promise<Json> {
    return this.reads.standingOrders(accountCall(member, request), accountId, {
      limit: query['page.limit'],
      ...(query['page.offset'] === undefined ? {} : { offset: query['page.offset'] }),
    });
  }

  @Get('accounts/:accountId/standing-orders/:standingOrderId')
  @ApiOperation({
    summary: 'Get standing order information',
    operationId: 'GatewayService.GetStandingOrder',
    description: 'One standing order of an account the access token covers.',
  })
  @decorate(...CONSENT_HEADERS)
  @ApiOkResponse({ schema: STANDING_ORDER_RESPONSE, example: STANDING_ORDER_ANSWER_EXAMPLE })
  standingOrder(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Param('accountId') accountId: string,
    @Param('standingOrderId') standingOrderId: string,
  ): Promise<Json> {
    return this.reads.standingOrder(accountCall(member, request), accountId, standingOrderId);
  }
}
