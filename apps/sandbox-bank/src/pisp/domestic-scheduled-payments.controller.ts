import { Body, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { apiBase, idempotencyKey } from '../http/obie-request.js';
import { PaymentConsentsService } from './payment-consents.service.js';
import { PaymentOrdersService } from './payment-orders.service.js';

/** Domestic scheduled payments: consents, payment orders (executed on RequestedExecutionDateTime) and their details. */
@ObieApiController('pisp')
export class DomesticScheduledPaymentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly consents: PaymentConsentsService,
    private readonly orders: PaymentOrdersService,
  ) {}

  @Post('domestic-scheduled-payment-consents')
  @HttpCode(201)
  createConsent(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-idempotency-key') key: string | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.consents.create(
      this.banks.get(bankId),
      'domestic-scheduled-payment',
      authorization,
      idempotencyKey(key),
      body,
      apiBase(request, bankId),
    );
  }

  @Get('domestic-scheduled-payment-consents/:consentId')
  readConsent(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.consents.read(
      this.banks.get(bankId),
      'domestic-scheduled-payment',
      authorization,
      consentId,
      apiBase(request, bankId),
    );
  }

  @Post('domestic-scheduled-payments')
  @HttpCode(201)
  submit(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-idempotency-key') key: string | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.orders.submit(
      this.banks.get(bankId),
      'domestic-scheduled-payment',
      authorization,
      idempotencyKey(key),
      body,
      apiBase(request, bankId),
    );
  }

  @Get('domestic-scheduled-payments/:paymentId')
  read(
    @Param('bankId') bankId: string,
    @Param('paymentId') paymentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.orders.read(
      this.banks.get(bankId),
      'domestic-scheduled-payment',
      authorization,
      paymentId,
      apiBase(request, bankId),
    );
  }

  @Get('domestic-scheduled-payments/:paymentId/payment-details')
  details(
    @Param('bankId') bankId: string,
    @Param('paymentId') paymentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.orders.details(
      this.banks.get(bankId),
      'domestic-scheduled-payment',
      authorization,
      paymentId,
      apiBase(request, bankId),
    );
  }
}
