import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { AuthorizeTokenRequestUseCase, type BankAuthorizationAnswer } from '#libs/application';
import { InitiateBankAuthorizationRequest } from './initiate-bank-authorization.request.js';
import { BANK_AUTHORIZATION_ANSWER_EXAMPLE } from './token-authorization-examples.js';

const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    redirectUrl: { type: 'string' },
    oauthState: { type: 'string' },
    fields: {
      type: 'object',
      required: ['fields'],
      properties: {
        fields: {
          type: 'array',
          items: {
            type: 'object',
            description: "The interface's CredentialField.",
            required: ['id', 'type', 'displayName'],
            properties: {
              id: { type: 'string' },
              type: { type: 'string', enum: ['FIELD', 'PASSWORD', 'PSU_MESSAGE', 'IMAGE', 'FLICKER', 'DECOUPLED'] },
              displayName: { type: 'string' },
              description: { type: 'string' },
              options: { type: 'array', items: { type: 'string' } },
              image: { type: 'string' },
              flickerCode: { type: 'string' },
            },
          },
        },
      },
    },
    status: { type: 'string', enum: ['AUTHENTICATED'] },
  },
};

@ApiTags('Token requests')
@Controller('token-requests')
export class TokenRequestAuthorizationController {
  constructor(private readonly authorize: AuthorizeTokenRequestUseCase) {}

  @Post(':tokenRequestId/authorization')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Initiate bank authorization of a token request',
    operationId: 'GatewayService.InitiateBankAuthorization',
    description:
      "Starts the user's authorisation of a PENDING, unexpired token request at a bank. `bankId` (our addition to the reference body) names the bank; without it the request's `requestOptions.bankId` is used; neither is a 400 naming `bankId`. With `requestOptions.tokenInternal.usingWebApp` the answer is the gateway's hosted bank-selection page for the request (`redirectUrl`), where the user picks a bank and continues the same way. Otherwise the answer is the bank's next step: `redirectUrl` (and `oauthState`) for the bank's page; `fields` for an embedded step (call again with `credentials` holding a value per field id); or one field of type DECOUPLED when the user approves in the bank's app, which the gateway then polls. With `useWebappCredentialsFlow: true`, an embedded step is answered with `redirectUrl` instead: the gateway's hosted page where the user enters what the bank asks for, step by step, and is then sent to the request's redirectUrl as after a bank's page. A call with `credentials` answers the next step or, when the bank needs nothing more, `{ \"status\": \"AUTHENTICATED\" }`: the token exists (GET /token-requests/{tokenRequestId}/result). After a redirect the user returns to the request's redirectUrl with `requestId`, `tokenId`, `state` and `signature` (or `error` and `message`). Another member's request answers 404.",
  })
  @ApiBody({
    type: InitiateBankAuthorizationRequest,
    examples: {
      atBank: {
        summary: 'At a bank the user picked in the TPP',
        value: { bankId: 'ob-sandbox-gb', consentAccepted: true },
      },
      bankOfTheRequest: {
        summary: "At the bank the token request names (requestOptions.bankId), or the hosted pages'",
        value: { consentAccepted: true },
      },
    },
  })
  @ApiOkResponse({ schema: ANSWER_SCHEMA, example: BANK_AUTHORIZATION_ANSWER_EXAMPLE })
  authorizeAtBank(
    @CurrentMember() member: MemberContext,
    @Param('tokenRequestId') tokenRequestId: string,
    @Body() body: InitiateBankAuthorizationRequest,
    @Req() request: FastifyRequest,
  ): Promise<BankAuthorizationAnswer> {
    return this.authorize.execute({
      memberId: member.memberId,
      ...(member.displayName === undefined ? {} : { displayName: member.displayName }),
      tokenRequestId,
      ...(body.bankId === undefined ? {} : { bankId: body.bankId }),
      ...(body.credentials === undefined || body.credentials === null ? {} : { credentials: body.credentials }),
      ...(body.useWebappCredentialsFlow === true ? { useWebappCredentialsFlow: true } : {}),
      traceId: request.traceId,
      psuIpAddress: request.ip,
    });
  }
}
