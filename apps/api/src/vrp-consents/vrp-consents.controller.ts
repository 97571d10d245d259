import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  CreateVrpConsentUseCase,
  GetVrpConsentUseCase,
  ListVrpConsentsUseCase,
  RevokeVrpConsentUseCase,
  type VrpConsentResource,
  type VrpConsentsPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { CreateVrpConsentRequest, toCreateVrpConsentCommand } from './dto/create-vrp-consent.request.js';
import { ListVrpConsentsQuery, toListVrpConsentsCommand } from './dto/list-vrp-consents.query.js';
import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';
import { VrpConsentResponse } from './dto/vrp-consent.response.js';
import {
  CREATE_VRP_CONSENT_ANSWER_EXAMPLE,
  CREATE_VRP_CONSENT_EXAMPLES,
  REVOKE_VRP_CONSENT_ANSWER_EXAMPLE,
  VRP_CONSENTS_ANSWER_EXAMPLE,
  VRP_CONSENT_ANSWER_EXAMPLE,
} from './vrp-consent-examples.js';

const VRP_CONSENT = { $ref: getSchemaPath(VrpConsentResponse) };
const VRP_CONSENT_ANSWER = { type: 'object', properties: { vrpConsent: VRP_CONSENT } };

@ApiTags('Variable Recurring Payments')
@ApiExtraModels(VrpConsentResponse)
@Controller('vrp-consents')
export class VrpConsentsController {
  constructor(
    private readonly create: CreateVrpConsentUseCase,
    private readonly list: ListVrpConsentsUseCase,
    private readonly get: GetVrpConsentUseCase,
    private readonly revoke: RevokeVrpConsentUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Create a VRP consent',
    operationId: 'CreateVrpConsent',
    description:
      'Checks the consent and asks the bank (the user then authorises at `authentication.redirectUrl`), or, without `bankId`, sends the user to the hosted bank selection first (PENDING_MORE_INFO). An optional `Idempotency-Key` makes retries safe.',
  })
  @ApiBody({ type: CreateVrpConsentRequest, examples: CREATE_VRP_CONSENT_EXAMPLES })
  @ApiOkResponse({ schema: VRP_CONSENT_ANSWER, example: CREATE_VRP_CONSENT_ANSWER_EXAMPLE })
  async createConsent(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ vrpConsent: VrpConsentResource } | string | undefined> {
    // The body is validated inside the idempotent work: a 400 is kept under the key like any answer.
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(CreateVrpConsentRequest, request.body);
      const command = toCreateVrpConsentCommand(
        body,
        request.body,
        { memberId: member.memberId, regulated: member.regulated },
        { traceId: request.traceId, psuIpAddress: request.ip },
      );
      return { vrpConsent: await this.create.execute(command) };
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List VRP consents',
    operationId: 'GetVrpConsents',
    description: "The member's consents, newest first; `pageInfo.nextOffset` (opaque) continues with the next page.",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { vrpConsents: { type: 'array', items: VRP_CONSENT }, pageInfo: PAGE_INFO_REF },
    },
    example: VRP_CONSENTS_ANSWER_EXAMPLE,
  })
  listConsents(@CurrentMember() member: MemberContext, @Query() query: ListVrpConsentsQuery): Promise<VrpConsentsPage> {
    return this.list.execute(toListVrpConsentsCommand(member.memberId, query));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a VRP consent',
    operationId: 'GetVrpConsent',
    description: "The member's consent as the gateway holds it; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: VRP_CONSENT_ANSWER, example: VRP_CONSENT_ANSWER_EXAMPLE })
  async getConsent(
    @CurrentMember() member: MemberContext,
    @Param('id') id: string,
  ): Promise<{ vrpConsent: VrpConsentResource }> {
    return { vrpConsent: await this.get.execute({ memberId: member.memberId, vrpConsentId: id }) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Revoke a VRP consent',
    operationId: 'RevokeVrpConsent',
    description:
      'Revokes the consent at the bank, then here (REVOKED); a consent already REJECTED, REVOKED or FAILED is answered as it is.',
  })
  @ApiOkResponse({ schema: VRP_CONSENT_ANSWER, example: REVOKE_VRP_CONSENT_ANSWER_EXAMPLE })
  async revokeConsent(
    @CurrentMember() member: MemberContext,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ vrpConsent: VrpConsentResource }> {
    return {
      vrpConsent: await this.revoke.execute({
        memberId: member.memberId,
        vrpConsentId: id,
        traceId: request.traceId,
      }),
    };
  }
}
