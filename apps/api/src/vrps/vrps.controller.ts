import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { ConfirmVrpFundsUseCase, ListVrpsUseCase, type VrpsPage } from '#libs/application';
import type { FastifyRequest } from 'fastify';
import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';
import { ConfirmVrpFundsQuery, ListVrpsQuery } from './dto/list-vrps.query.js';
import { VrpResponse } from './dto/vrp.response.js';
import { CONFIRM_FUNDS_ANSWER_EXAMPLE, VRP_CONSENT_PAYMENTS_ANSWER_EXAMPLE } from './vrp-examples.js';

@ApiTags('Variable Recurring Payments')
@ApiExtraModels(VrpResponse)
@Controller()
export class VrpsController {
  constructor(
    private readonly list: ListVrpsUseCase,
    private readonly confirm: ConfirmVrpFundsUseCase,
  ) {}

  @Get('vrp-consents/:id/payments')
  @ApiOperation({
    summary: 'Get payments under a VRP consent',
    operationId: 'GetVrpConsentPayments',
    description:
      'The variable recurring payments made under the consent (POST /v2/payments with vrpConsentId), newest first, as Vrp objects.',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { vrps: { type: 'array', items: { $ref: getSchemaPath(VrpResponse) } }, pageInfo: PAGE_INFO_REF },
    },
    example: VRP_CONSENT_PAYMENTS_ANSWER_EXAMPLE,
  })
  listVrps(
    @CurrentMember() member: MemberContext,
    @Param('id') id: string,
    @Query() query: ListVrpsQuery,
  ): Promise<VrpsPage> {
    return this.list.execute({
      memberId: member.memberId,
      vrpConsentId: id,
      limit: Number(query.limit),
      ...(query.offset === undefined ? {} : { offset: query.offset }),
    });
  }

  @Get('vrps/:id/confirm-funds')
  @ApiOperation({
    summary: 'Verify if funds are available or not',
    operationId: 'ConfirmFunds',
    description:
      "Whether the account of the authorised VRP consent `id` holds `amount`, asked of the bank's funds confirmation (501 where the bank has none).",
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { fundsAvailable: { type: 'boolean' } } },
    example: CONFIRM_FUNDS_ANSWER_EXAMPLE,
  })
  confirmFunds(
    @CurrentMember() member: MemberContext,
    @Param('id') id: string,
    @Query() query: ConfirmVrpFundsQuery,
    @Req() request: FastifyRequest,
  ): Promise<{ readonly fundsAvailable: boolean }> {
    return this.confirm.execute({
      memberId: member.memberId,
      vrpConsentId: id,
      amount: query.amount,
      traceId: request.traceId,
    });
  }
}
