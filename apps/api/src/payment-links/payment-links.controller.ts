import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  CreatePaymentLinkUseCase,
  DeactivatePaymentLinkUseCase,
  GetPaymentLinkUseCase,
  ListPaymentLinksUseCase,
  type PaymentLinkResource,
  type PaymentLinksPage,
} from '#libs/application';
import { CreatePaymentLinkRequest, toCreatePaymentLinkCommand } from './dto/create-payment-link.request.js';
import { ListPaymentLinksQuery, toListPaymentLinksCommand } from './dto/list-payment-links.query.js';
import {
  CREATE_PAYMENT_LINK_ANSWER_EXAMPLE,
  CREATE_PAYMENT_LINK_EXAMPLES,
  DEACTIVATE_PAYMENT_LINK_ANSWER_EXAMPLE,
  PAYMENT_LINKS_ANSWER_EXAMPLE,
  PAYMENT_LINK_ANSWER_EXAMPLE,
} from './payment-link-examples.js';
import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';
import { PaymentLinkResponse } from './dto/payment-link.response.js';

const PAYMENT_LINK = { $ref: getSchemaPath(PaymentLinkResponse) };

@ApiTags('Pay by Link')
@ApiExtraModels(PaymentLinkResponse)
@Controller('v2/payment-links')
export class PaymentLinksController {
  constructor(
    private readonly create: CreatePaymentLinkUseCase,
    private readonly list: ListPaymentLinksUseCase,
    private readonly get: GetPaymentLinkUseCase,
    private readonly deactivate: DeactivatePaymentLinkUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create a payment link',
    operationId: 'CreatePaymentLink',
    description:
      'A payment template and its link configuration (uses, amount limits, expiry); `url` is the public page where payers pay.',
  })
  @ApiBody({ type: CreatePaymentLinkRequest, examples: CREATE_PAYMENT_LINK_EXAMPLES })
  @ApiOkResponse({
    schema: { type: 'object', properties: { paymentLink: PAYMENT_LINK } },
    example: CREATE_PAYMENT_LINK_ANSWER_EXAMPLE,
  })
  async createLink(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
  ): Promise<{ paymentLink: PaymentLinkResource }> {
    const body = await validateBody(CreatePaymentLinkRequest, request.body);
    return {
      paymentLink: await this.create.execute(toCreatePaymentLinkCommand(member, body, request.body)),
    };
  }

  @Get()
  @ApiOperation({
    summary: 'List payment links',
    operationId: 'ListPaymentLinks',
    description:
      "The member's payment links, newest first; `pageInfo.nextOffset` (opaque) continues with the next page.",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: { paymentLinks: { type: 'array', items: PAYMENT_LINK }, pageInfo: PAGE_INFO_REF },
    },
    example: PAYMENT_LINKS_ANSWER_EXAMPLE,
  })
  listLinks(@CurrentMember() member: MemberContext, @Query() query: ListPaymentLinksQuery): Promise<PaymentLinksPage> {
    return this.list.execute(toListPaymentLinksCommand(member.memberId, query));
  }

  @Get(':paymentLinkId')
  @ApiOperation({
    summary: 'Get payment link details',
    operationId: 'GetPaymentLink',
    description: "The member's payment link with its current usage; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { paymentLink: PAYMENT_LINK } },
    example: PAYMENT_LINK_ANSWER_EXAMPLE,
  })
  async getLink(
    @CurrentMember() member: MemberContext,
    @Param('paymentLinkId') paymentLinkId: string,
  ): Promise<{ paymentLink: PaymentLinkResource }> {
    return { paymentLink: await this.get.execute({ memberId: member.memberId, paymentLinkId }) };
  }

  @Delete(':paymentLinkId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deactivate a payment link',
    operationId: 'DeactivatePaymentLink',
    description: 'An active link becomes LINK_CANCELED and takes no more payments; an ended link is answered as it is.',
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { paymentLink: PAYMENT_LINK } },
    example: DEACTIVATE_PAYMENT_LINK_ANSWER_EXAMPLE,
  })
  async deactivateLink(
    @CurrentMember() member: MemberContext,
    @Param('paymentLinkId') paymentLinkId: string,
  ): Promise<{ paymentLink: PaymentLinkResource }> {
    return { paymentLink: await this.deactivate.execute({ memberId: member.memberId, paymentLinkId }) };
  }
}
