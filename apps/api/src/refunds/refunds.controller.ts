import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeController, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  GetRefundUseCase,
  InitiateRefundUseCase,
  ListRefundsUseCase,
  ListTransferRefundsUseCase,
  type RefundResource,
  type RefundsPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { InitiateRefundRequest, toRefundInitiationInput } from './dto/initiate-refund.request.js';
import { ListRefundsQuery, toListRefundsCommand, TransferRefundsQuery } from './dto/list-refunds.query.js';
import {
  INITIATE_REFUND_ANSWER_EXAMPLE,
  INITIATE_REFUND_EXAMPLES,
  REFUNDS_ANSWER_EXAMPLE,
  REFUND_ANSWER_EXAMPLE,
  TRANSFER_REFUNDS_ANSWER_EXAMPLE,
} from './refund-examples.js';
import { REFUND_RESPONSE_SCHEMA, REFUNDS_RESPONSE_SCHEMA } from './refund-schemas.js';

@ApiTags('Refunds')
@Controller('refunds')
export class RefundsController {
  constructor(
    private readonly initiate: InitiateRefundUseCase,
    private readonly listRefunds: ListRefundsUseCase,
    private readonly getRefund: GetRefundUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Initiate a refund',
    operationId: 'InitiateRefund',
    description:
      'Refunds all or part of a completed payment or transfer of the member: the refunds of a payment that are not rejected or failed never add up to more than its amount (400 naming initiation.amount.value). The debtor may come from the registration and the creditor from the payment’s refund account. The refund is INITIATION_PENDING until the bank has it; REFUND_STATUS_CHANGED follows every change. An optional `Idempotency-Key` makes retries safe. Also served under /v2.',
  })
  @ApiBody({ type: InitiateRefundRequest, examples: INITIATE_REFUND_EXAMPLES })
  @ApiOkResponse({ schema: REFUND_RESPONSE_SCHEMA, example: INITIATE_REFUND_ANSWER_EXAMPLE })
  create(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ refund: RefundResource } | string | undefined> {
    // The body is validated inside the idempotent work: a 400 is kept under the key like any answer.
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(InitiateRefundRequest, request.body);
      return this.initiate.execute({ memberId: member.memberId, input: toRefundInitiationInput(body.initiation) });
    });
  }

  @Get()
  @ApiOperation({
    summary: 'Get refunds',
    operationId: 'GetRefunds',
    description:
      'The member’s refunds, newest first; `limit` 1 to 100 is required, `offset` is opaque (paging.offset).',
  })
  @ApiOkResponse({ schema: REFUNDS_RESPONSE_SCHEMA, example: REFUNDS_ANSWER_EXAMPLE })
  list(@CurrentMember() member: MemberContext, @Query() query: ListRefundsQuery): Promise<RefundsPage> {
    return this.listRefunds.execute(toListRefundsCommand(member.memberId, query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a refund',
    operationId: 'GetRefund',
    description: 'One of the member’s refunds; 404 otherwise.',
  })
  @ApiOkResponse({ schema: REFUND_RESPONSE_SCHEMA, example: REFUND_ANSWER_EXAMPLE })
  get(@CurrentMember() member: MemberContext, @Param('id') id: string): Promise<{ refund: RefundResource }> {
    return this.getRefund.execute({ memberId: member.memberId, id });
  }
}

/** The same routes under /v2 (the refund interface description's server). */
@ApiExcludeController()
@Controller('v2/refunds')
export class RefundsV2Controller extends RefundsController {}

@ApiTags('Refunds')
@Controller('transfers')
export class TransferRefundsController {
  constructor(private readonly transferRefunds: ListTransferRefundsUseCase) {}

  @Get(':id/refunds')
  @ApiOperation({
    summary: 'Get all refunds by transfer',
    operationId: 'GetTransferRefunds',
    description:
      'The refunds of one of the member’s transfers (or Payments v2 payments), newest first; 404 for another member’s or an unknown id.',
  })
  @ApiOkResponse({ schema: REFUNDS_RESPONSE_SCHEMA, example: TRANSFER_REFUNDS_ANSWER_EXAMPLE })
  list(
    @CurrentMember() member: MemberContext,
    @Param('id') id: string,
    @Query() query: TransferRefundsQuery,
  ): Promise<RefundsPage> {
    return this.transferRefunds.execute({
      memberId: member.memberId,
      transferId: id,
      limit: query.limit,
      ...(query.offset === undefined ? {} : { offset: query.offset }),
    });
  }
}

/** GET /v2/transfers/{id}/refunds. */
@ApiExcludeController()
@Controller('v2/transfers')
export class TransferRefundsV2Controller extends TransferRefundsController {}
