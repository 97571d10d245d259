import { Controller, Get, Param, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import {
  CancelTokenUseCase,
  GetTokenUseCase,
  ListTokensUseCase,
  type CancelTokenResult,
  type TokenResource,
  type TokensPage,
} from '#libs/application';
import { ApiCustomerIpAddressHeader, customerIpAddress } from '../shared/headers/customer-ip-address.header.js';
import { ListTokensQuery } from './dto/list-tokens.query.js';
import { CANCEL_TOKEN_RESPONSE, TOKEN_RESPONSE, TOKENS_RESPONSE } from './token.openapi.js';
import { CANCEL_TOKEN_ANSWER_EXAMPLE, TOKENS_ANSWER_EXAMPLE, TOKEN_ANSWER_EXAMPLE } from './token-examples.js';

@ApiTags('Tokens')
@Controller('tokens')
export class TokensController {
  constructor(
    private readonly list: ListTokensUseCase,
    private readonly get: GetTokenUseCase,
    private readonly cancelToken: CancelTokenUseCase,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List tokens',
    operationId: 'GatewayService.GetTokens',
    description:
      "The member's tokens, newest first, in pages of page.limit; `offset` in the answer is the next page's page.offset (absent on the last page).",
  })
  @ApiOkResponse({ schema: TOKENS_RESPONSE, example: TOKENS_ANSWER_EXAMPLE })
  tokens(@CurrentMember() member: MemberContext, @Query() query: ListTokensQuery): Promise<TokensPage> {
    const start = query['filter.startTimeMs'];
    const end = query['filter.endTimeMs'];
    const actingAs = query['filter.actingAsRefId'];
    const offset = query['page.offset'];
    return this.list.execute({
      memberId: member.memberId,
      type: query.type ?? 'INVALID',
      limit: query['page.limit'],
      ...(offset === undefined ? {} : { offset }),
      ...(start === undefined ? {} : { startTimeMs: start }),
      ...(end === undefined ? {} : { endTimeMs: end }),
      ...(actingAs === undefined ? {} : { actingAsRefId: actingAs }),
    });
  }

  @Get(':tokenId')
  @ApiOperation({
    summary: 'Get a token',
    operationId: 'GatewayService.GetToken',
    description: "The token; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: TOKEN_RESPONSE, example: TOKEN_ANSWER_EXAMPLE })
  async token(
    @CurrentMember() member: MemberContext,
    @Param('tokenId') tokenId: string,
  ): Promise<{ token: TokenResource }> {
    return { token: await this.get.execute({ memberId: member.memberId, tokenId }) };
  }

  @Put(':tokenId/cancel')
  @ApiOperation({
    summary: 'Cancel a token',
    operationId: 'GatewayService.CancelToken',
    description:
      'Ends the token (CANCELLED): it can no longer be redeemed or used. An access token is revoked at the bank first; if the bank fails, its error is the answer and the token stays usable. A token already cancelled is answered as it is.',
  })
  @ApiCustomerIpAddressHeader("The user's IP address, passed to the bank.")
  @ApiOkResponse({ schema: CANCEL_TOKEN_RESPONSE, example: CANCEL_TOKEN_ANSWER_EXAMPLE })
  async cancel(
    @CurrentMember() member: MemberContext,
    @Param('tokenId') tokenId: string,
    @Req() request: FastifyRequest,
  ): Promise<{ result: CancelTokenResult }> {
    const ip = customerIpAddress(request);
    return {
      result: await this.cancelToken.execute({
        memberId: member.memberId,
        tokenId,
        traceId: request.traceId,
        ...(ip === undefined ? {} : { psuIpAddress: ip }),
      }),
    };
  }
}
