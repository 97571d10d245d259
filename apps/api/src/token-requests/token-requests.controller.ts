import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  CreateTokenRequestUseCase,
  GetTokenRequestResultUseCase,
  GetTokenRequestUseCase,
  type TokenRequestResource,
  type TokenRequestResult,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { StoreTokenRequestRequest } from './dto/store-token-request.request.js';
import { toTokenRequestInput } from './dto/to-token-request-input.js';
import {
  STORE_TOKEN_REQUEST_ANSWER_EXAMPLES,
  STORE_TOKEN_REQUEST_EXAMPLES,
  TOKEN_REQUEST_ANSWER_EXAMPLE,
  TOKEN_REQUEST_RESULT_ANSWER_EXAMPLES,
} from './token-request-examples.js';
import { TOKEN_REQUEST_RESPONSE, TOKEN_REQUEST_RESULT_RESPONSE } from './token-request.openapi.js';

@ApiTags('Token requests')
@Controller('token-requests')
export class TokenRequestsController {
  constructor(
    private readonly create: CreateTokenRequestUseCase,
    private readonly get: GetTokenRequestUseCase,
    private readonly getResult: GetTokenRequestResultUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Store a token request',
    operationId: 'GatewayService.StoreTokenRequest',
    description:
      'Stores what the user is asked to authorise: a transfer (transferBody), a standing order (standingOrderBody) or account-information access (accessBody), exactly one. The request waits (PENDING) for the user for a limited time, then EXPIRED. Answers the request as stored; its id is the requestId of later calls.',
  })
  @ApiBody({ type: StoreTokenRequestRequest, examples: STORE_TOKEN_REQUEST_EXAMPLES })
  @ApiOkResponse({ schema: TOKEN_REQUEST_RESPONSE, examples: STORE_TOKEN_REQUEST_ANSWER_EXAMPLES })
  async store(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ tokenRequest: TokenRequestResource } | string | undefined> {
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(StoreTokenRequestRequest, request.body);
      return this.create.execute({
        memberId: member.memberId,
        regulated: member.regulated,
        ...toTokenRequestInput(body),
      });
    });
  }

  @Get(':requestId')
  @ApiOperation({
    summary: 'Get a token request',
    operationId: 'GatewayService.RetrieveTokenRequest',
    description: "The request as stored; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: TOKEN_REQUEST_RESPONSE, example: TOKEN_REQUEST_ANSWER_EXAMPLE })
  async retrieve(
    @CurrentMember() member: MemberContext,
    @Param('requestId') requestId: string,
  ): Promise<{ tokenRequest: TokenRequestResource }> {
    return { tokenRequest: await this.get.execute({ memberId: member.memberId, tokenRequestId: requestId }) };
  }

  @Get(':tokenRequestId/result')
  @ApiOperation({
    summary: 'Get the result of a token request',
    operationId: 'GatewayService.GetTokenRequestResultWithStatus',
    description:
      "PENDING while the user has not decided; PROCESSED with tokenId and the gateway's signature (and transferId or standingOrderSubmissionId once they exist); REJECTED with the reason; EXPIRED once the request's time has passed.",
  })
  @ApiOkResponse({ schema: TOKEN_REQUEST_RESULT_RESPONSE, examples: TOKEN_REQUEST_RESULT_ANSWER_EXAMPLES })
  result(
    @CurrentMember() member: MemberContext,
    @Param('tokenRequestId') tokenRequestId: string,
  ): Promise<TokenRequestResult> {
    return this.getResult.execute({ memberId: member.memberId, tokenRequestId });
  }
}
