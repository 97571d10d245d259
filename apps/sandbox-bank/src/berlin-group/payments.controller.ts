import { Body, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { PaymentInitiationsService } from './payment-initiations.service.js';
import { xs2aBank, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { AuthorisationEndpoints, sendCreated, type ParentResource } from './xs2a-endpoints.js';
import { xs2aBases, xs2aHeaders } from './xs2a-request.js';

/**
 * Payment initiation service: `POST /v1/payments/{payment-product}`, the payment and its status,
 * and its authorisation sub-resources (start, list, read scaStatus, update PSU data).
 */
@Xs2aApiController('payments')
export class BerlinGroupPaymentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly payments: PaymentInitiationsService,
    private readonly authorisations: AuthorisationEndpoints,
  ) {}

  @Post(':product')
  async initiate(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers = xs2aHeaders(request);
    const created = await this.payments.create(
      xs2aBank(this.banks, bankId),
      product,
      headers,
      body,
      xs2aBases(request, bankId),
    );
    await sendCreated(reply, created, headers.requestId);
  }

  @Get(':product/:paymentId')
  read(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    xs2aHeaders(request);
    return this.payments.read(xs2aBank(this.banks, bankId), product, paymentId);
  }

  @Get(':product/:paymentId/status')
  status(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    xs2aHeaders(request);
    return this.payments.status(xs2aBank(this.banks, bankId), product, paymentId);
  }

  @Post(':product/:paymentId/authorisations')
  @HttpCode(201)
  startAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.start(request, bankId, this.payment(product, paymentId), body);
  }

  @Get(':product/:paymentId/authorisations')
  listAuthorisations(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.list(request, bankId, this.payment(product, paymentId));
  }

  @Get(':product/:paymentId/authorisations/:authorisationId')
  readAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Param('authorisationId') authorisationId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.read(
      request,
      bankId,
      this.payment(product, paymentId),
      authorisationId,
      (_bank, resource) => this.payments.assertAvailable(resource),
    );
  }

  @Put(':product/:paymentId/authorisations/:authorisationId')
  updateAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Param('authorisationId') authorisationId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.update(request, bankId, this.payment(product, paymentId), authorisationId, body);
  }

  private payment(product: string, paymentId: string): ParentResource {
    return (bank: Xs2aBank) => this.payments.payment(bank, product, paymentId);
  }
}
