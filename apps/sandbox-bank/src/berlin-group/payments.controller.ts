import { Body, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { approachFor, AuthorisationsService } from './authorisations.service.js';
import { PaymentInitiationsService } from './payment-initiations.service.js';
import { xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { authorisationResponse, type Bases } from './xs2a-representations.js';
import { bankBase, xs2aBase, xs2aHeaders } from './xs2a-request.js';

function bases(request: FastifyRequest, bankId: string): Bases {
  return { api: xs2aBase(request, bankId), bank: bankBase(request, bankId) };
}

/**
 * Payment initiation service: `POST /v1/payments/{payment-product}`, the payment and its status,
 * and its authorisation sub-resources (start, list, read scaStatus, update PSU data).
 */
@Xs2aApiController('payments')
export class BerlinGroupPaymentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly payments: PaymentInitiationsService,
    private readonly authorisations: AuthorisationsService,
  ) {}

  @Post(':product')
  async initiate(@Param('bankId') bankId: string, @Param('product') product: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const headers = xs2aHeaders(request);
    const created = await this.payments.create(xs2aBank(this.banks, bankId), product, headers, body, bases(request, bankId));
    await reply
      .status(201)
      .headers({ location: created.location, 'ASPSP-SCA-Approach': created.approach.toUpperCase(), 'X-Request-ID': headers.requestId, 'content-type': 'application/json; charset=utf-8' })
      .send(created.body);
  }

  @Get(':product/:paymentId')
  read(@Param('bankId') bankId: string, @Param('product') product: string, @Param('paymentId') paymentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.payments.read(xs2aBank(this.banks, bankId), product, paymentId);
  }

  @Get(':product/:paymentId/status')
  status(@Param('bankId') bankId: string, @Param('product') product: string, @Param('paymentId') paymentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.payments.status(xs2aBank(this.banks, bankId), product, paymentId);
  }

  @Post(':product/:paymentId/authorisations')
  @HttpCode(201)
  async startAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.payments.payment(bank, product, paymentId);
    const { authorisation, psuMessage } = await this.authorisations.start(bank, resource, approachFor(bank, headers), headers, body);
    return authorisationResponse(bases(request, bankId), resource, authorisation, psuMessage);
  }

  @Get(':product/:paymentId/authorisations')
  async listAuthorisations(@Param('bankId') bankId: string, @Param('product') product: string, @Param('paymentId') paymentId: string, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    const resource = await this.payments.payment(xs2aBank(this.banks, bankId), product, paymentId);
    return { authorisationIds: (await this.authorisations.list(resource)).map((authorisation) => authorisation.id) };
  }

  @Get(':product/:paymentId/authorisations/:authorisationId')
  async readAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Param('authorisationId') authorisationId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.payments.payment(bank, product, paymentId);
    const authorisation = await this.authorisations.read(bank, resource, authorisationId);
    await this.payments.assertAvailable(resource);
    return { scaStatus: authorisation.scaStatus };
  }

  @Put(':product/:paymentId/authorisations/:authorisationId')
  async updateAuthorisation(
    @Param('bankId') bankId: string,
    @Param('product') product: string,
    @Param('paymentId') paymentId: string,
    @Param('authorisationId') authorisationId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, bankId);
    const resource = await this.payments.payment(bank, product, paymentId);
    const { authorisation, psuMessage } = await this.authorisations.update(bank, resource, authorisationId, headers, body);
    return authorisationResponse(bases(request, bankId), resource, authorisation, psuMessage);
  }
}
