import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  GetPaymentUseCase,
  InitiatePaymentUseCase,
  ListPaymentsUseCase,
  SubmitEmbeddedAuthUseCase,
  type PaymentResource,
  type PaymentsPage,
} from '#libs/application';
import { ApiIdempotencyKey } from '../idempotency/idempotency.decorator.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { EmbeddedAuthRequest } from './dto/embedded-auth.request.js';
import { InitiatePaymentRequest, toPaymentInitiationInput } from './dto/initiate-payment.request.js';
import { ListPaymentsQuery } from './dto/list-payments.query.js';
import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';
import { MAX_REQUEST_TIMEOUT_SECONDS, parseRequestTimeout } from './request-timeout-header.js';
import {
  EMBEDDED_AUTH_ANSWER_EXAMPLE,
  EMBEDDED_AUTH_EXAMPLES,
  INITIATE_PAYMENT_ANSWER_EXAMPLE,
  INITIATE_PAYMENT_EXAMPLES,
  PAYMENTS_ANSWER_EXAMPLE,
  PAYMENT_ANSWER_EXAMPLE,
} from './payment-examples.js';

const PAYMENT_SCHEMA = { type: 'object', properties: { payment: { $ref: '#/components/schemas/Payment' } } };

@ApiTags('Payments v2')
@Controller('v2/payments')
export class PaymentsController {
  constructor(
    private readonly initiate: InitiatePaymentUseCase,
    private readonly list: ListPaymentsUseCase,
    private readonly get: GetPaymentUseCase,
    private readonly embeddedAuth: SubmitEmbeddedAuthUseCase,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiIdempotencyKey()
  @ApiOperation({
    summary: 'Initiate a payment',
    operationId: 'GatewayService.InitiatePayment',
    description:
      'Creates a payment and asks the bank for the next step: INITIATION_PENDING_REDIRECT_AUTH (authentication.redirectUrl), INITIATION_PENDING_EMBEDDED_AUTH (authentication.fields), INITIATION_PENDING_DECOUPLED_AUTH, or, without bankId, INITIATION_PENDING_REDIRECT_HP (the hosted bank selection page). With `request-timeout`, a bank that has not answered in time gives INITIATION_PENDING and the payment moves on asynchronously (GET and PAYMENT_STATUS_CHANGED). An optional `Idempotency-Key` makes retries safe.',
  })
  @ApiHeader({
    name: 'request-timeout',
    required: false,
    description: 'Whole seconds (1-300) to wait for the bank before answering INITIATION_PENDING.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_REQUEST_TIMEOUT_SECONDS },
  })
  @ApiBody({ type: InitiatePaymentRequest, examples: INITIATE_PAYMENT_EXAMPLES })
  @ApiOkResponse({ schema: PAYMENT_SCHEMA, example: INITIATE_PAYMENT_ANSWER_EXAMPLE })
  async create(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ payment: PaymentResource } | string | undefined> {
    // The body is validated inside the idempotent work: a 400 is kept under the key like any answer.
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(InitiatePaymentRequest, request.body);
      const requestTimeoutSeconds = parseRequestTimeout(request.headers['request-timeout']);
      const payment = await this.initiate.execute({
        member: { memberId: member.memberId, regulated: member.regulated, displayName: member.displayName },
        input: toPaymentInitiationInput(body.initiation),
        ...(requestTimeoutSeconds === undefined ? {} : { requestTimeoutSeconds }),
        traceId: request.traceId,
        psuIpAddress: request.ip,
      });
      return { payment };
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List payments',
    operationId: 'GatewayService.GetPayments',
    description: "The member's payments, newest first; `offset` is opaque (pageInfo.nextOffset).",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        payments: { type: 'array', items: { $ref: '#/components/schemas/Payment' } },
        pageInfo: PAGE_INFO_REF,
      },
    },
    example: PAYMENTS_ANSWER_EXAMPLE,
  })
  listPayments(@CurrentMember() member: MemberContext, @Query() query: ListPaymentsQuery): Promise<PaymentsPage> {
    return this.list.execute({ ...query, memberId: member.memberId });
  }

  @Get(':paymentId')
  @ApiOperation({
    summary: 'Get a payment',
    operationId: 'GatewayService.GetPayment',
    description: "The payment with its next step (authentication) if any; 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: PAYMENT_SCHEMA, example: PAYMENT_ANSWER_EXAMPLE })
  async getPayment(
    @CurrentMember() member: MemberContext,
    @Param('paymentId') paymentId: string,
  ): Promise<{ payment: PaymentResource }> {
    return { payment: await this.get.execute({ memberId: member.memberId, paymentId }) };
  }

  @Post(':paymentId/embedded-auth')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Provide embedded authentication fields',
    operationId: 'GatewayService.ProvideEmbeddedFields',
    description:
      "Values for the fields in the payment's authentication object, keyed by field id. The bank may ask again (new fields, or `isRetry: true` after a wrong value).",
  })
  @ApiBody({ type: EmbeddedAuthRequest, examples: EMBEDDED_AUTH_EXAMPLES })
  @ApiOkResponse({ schema: PAYMENT_SCHEMA, example: EMBEDDED_AUTH_ANSWER_EXAMPLE })
  async submitEmbeddedAuth(
    @CurrentMember() member: MemberContext,
    @Param('paymentId') paymentId: string,
    @Body() body: EmbeddedAuthRequest,
    @Req() request: FastifyRequest,
  ): Promise<{ payment: PaymentResource }> {
    return {
      payment: await this.embeddedAuth.execute({
        memberId: member.memberId,
        paymentId,
        values: body.embeddedAuth,
        traceId: request.traceId,
        psuIpAddress: request.ip,
      }),
    };
  }
}
