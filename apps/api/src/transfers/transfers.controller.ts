import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  GetTransferUseCase,
  ListTransfersUseCase,
  RedeemTransferUseCase,
  type RedeemTransferAnswer,
  type TransferResource,
  type TransfersPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { CreateTransferRequest, toRedeemTransferCommand } from './dto/create-transfer.request.js';
import { GetTransferQuery } from './dto/get-transfer.query.js';
import { ListTransfersQuery, toListTransfersCommand } from './dto/list-transfers.query.js';
import {
  CREATE_TRANSFER_ANSWER_EXAMPLE,
  CREATE_TRANSFER_EXAMPLES,
  TRANSFERS_ANSWER_EXAMPLE,
  TRANSFER_ANSWER_EXAMPLE,
} from './transfer-examples.js';
import { TransferResponse } from './dto/transfer.response.js';

const TRANSFER = { $ref: getSchemaPath(TransferResponse) };

@ApiTags('Transfers (Payments v1)')
@ApiExtraModels(TransferResponse)
@Controller('transfers')
export class TransfersController {
  constructor(
    private readonly redeem: RedeemTransferUseCase,
    private readonly list: ListTransfersUseCase,
    private readonly get: GetTransferUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Redeem a transfer token',
    operationId: 'GatewayService.CreateTransfer',
    description:
      'Makes the transfer a transfer token allows, where the member redeems tokens explicitly (auto-redeem off) and the bank submits an authorised payment as a second step. 404 for a token that is not the member’s; 403 TokenNotUsable for a cancelled or expired one; 400 naming payload.tokenId for a token redeemed at authorisation.',
  })
  @ApiBody({ type: CreateTransferRequest, examples: CREATE_TRANSFER_EXAMPLES })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['transfer'],
      properties: {
        transfer: TRANSFER,
        authorizationDetails: {
          type: 'object',
          required: ['authorizationUrl'],
          properties: { authorizationUrl: { type: 'string' } },
        },
      },
    },
    example: CREATE_TRANSFER_ANSWER_EXAMPLE,
  })
  create(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RedeemTransferAnswer | string | undefined> {
    // The body is validated inside the idempotent work: a 400 is kept under the key like any answer.
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(CreateTransferRequest, request.body);
      return this.redeem.execute({
        ...toRedeemTransferCommand(member.memberId, body),
        traceId: request.traceId,
        psuIpAddress: request.ip,
      });
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List transfers',
    operationId: 'GatewayService.GetTransfers',
    description: "The member's transfers, newest first; `offset` (opaque) continues with the next page.",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { transfers: { type: 'array', items: TRANSFER }, offset: { type: 'string' } },
    },
    example: TRANSFERS_ANSWER_EXAMPLE,
  })
  listTransfers(@CurrentMember() member: MemberContext, @Query() query: ListTransfersQuery): Promise<TransfersPage> {
    return this.list.execute(toListTransfersCommand(member.memberId, query));
  }

  @Get(':transferId')
  @ApiOperation({
    summary: 'Get a transfer',
    operationId: 'GatewayService.GetTransfer',
    description:
      "The member's transfer, first brought up to date with the bank unless skipTransferUpdate=true or the bank's part is over; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { transfer: TRANSFER } }, example: TRANSFER_ANSWER_EXAMPLE })
  async getTransfer(
    @CurrentMember() member: MemberContext,
    @Param('transferId') transferId: string,
    @Query() query: GetTransferQuery,
  ): Promise<{ transfer: TransferResource }> {
    return {
      transfer: await this.get.execute({
        memberId: member.memberId,
        transferId,
        skipTransferUpdate: query.skipTransferUpdate === true,
      }),
    };
  }
}
