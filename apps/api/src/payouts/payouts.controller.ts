import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  GetPayoutUseCase,
  InitiatePayoutUseCase,
  ListPayoutsUseCase,
  type PayoutResource,
  type PayoutsPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { InitiatePayoutRequest, toPayoutInitiationInput } from './dto/initiate-payout.request.js';
import { ListPayoutsQuery, toListPayoutsCommand } from './dto/list-payouts.query.js';
import {
  INITIATE_PAYOUT_ANSWER_EXAMPLE,
  INITIATE_PAYOUT_EXAMPLES,
  PAYOUTS_ANSWER_EXAMPLE,
  PAYOUT_ANSWER_EXAMPLE,
} from './payout-examples.js';
import { PAYOUT_RESPONSE_SCHEMA, PAYOUTS_RESPONSE_SCHEMA } from './payout-schemas.js';

@ApiTags('Payouts')
@Controller('payouts')
export class PayoutsController {
  constructor(
    private readonly initiate: InitiatePayoutUseCase,
    private readonly listPayouts: ListPayoutsUseCase,
    private readonly getPayout: GetPayoutUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Initiate a payout',
    operationId: 'InitiatePayout',
    description:
      'Pays out of one of the member’s settlement accounts (initiation.debtor.accountId). Each rule is a 400 naming the field; an amount above the account’s available balance is a 400 naming initiation.amount.value and nothing is made. The amount is reserved in the account’s ledger as the payout is stored (INITIATION_PENDING, PAYOUT_STATUS_CHANGED), then the settlement provider is asked; a rejection or failure gives the amount back, a completion debits it. An optional `Idempotency-Key` makes retries safe.',
  })
  @ApiBody({ type: InitiatePayoutRequest, examples: INITIATE_PAYOUT_EXAMPLES })
  @ApiOkResponse({ schema: PAYOUT_RESPONSE_SCHEMA, example: INITIATE_PAYOUT_ANSWER_EXAMPLE })
  create(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ payout: PayoutResource } | string | undefined> {
    // The body is validated inside the idempotent work: a 400 is kept under the key like any answer.
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(InitiatePayoutRequest, request.body);
      return this.initiate.execute({
        member: { memberId: member.memberId, regulated: member.regulated },
        initiation: toPayoutInitiationInput(body.initiation),
      });
    });
  }

  @Get()
  @ApiOperation({
    summary: 'Get payouts',
    operationId: 'GetPayouts',
    description:
      'The member’s payouts, newest first; `limit` is required and a limit above 200 is set to 200; `offset` is opaque (paging.offset).',
  })
  @ApiOkResponse({ schema: PAYOUTS_RESPONSE_SCHEMA, example: PAYOUTS_ANSWER_EXAMPLE })
  list(@CurrentMember() member: MemberContext, @Query() query: ListPayoutsQuery): Promise<PayoutsPage> {
    return this.listPayouts.execute(toListPayoutsCommand(member.memberId, query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a payout',
    operationId: 'GetPayout',
    description: 'One of the member’s payouts; 404 otherwise.',
  })
  @ApiOkResponse({ schema: PAYOUT_RESPONSE_SCHEMA, example: PAYOUT_ANSWER_EXAMPLE })
  get(@CurrentMember() member: MemberContext, @Param('id') id: string): Promise<{ payout: PayoutResource }> {
    return this.getPayout.execute({ memberId: member.memberId, id });
  }
}
