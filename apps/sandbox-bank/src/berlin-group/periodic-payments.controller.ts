import { Body, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { PeriodicPaymentsService } from './periodic-payments.service.js';
import { xs2aBank, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { AuthorisationEndpoints, sendCreated, type ParentResource } from './xs2a-endpoints.js';
import { xs2aBases, xs2aHeaders } from './xs2a-request.js';

/** The path parameters of the payment routes, as the bank's base path and each route name them. */
interface ProductRoute {
  readonly bankId: string;
  readonly product: string;
}
interface PaymentRoute extends ProductRoute {
  readonly paymentId: string;
}
interface AuthorisationRoute extends PaymentRoute {
  readonly authorisationId: string;
}

/**
 * Periodic payments (standing orders): `POST /v1/periodic-payments/{payment-product}`, the
 * payment and its status, its cancellation (DELETE), and its authorisation sub-resources.
 */
@Xs2aApiController('periodic-payments')
export class BerlinGroupPeriodicPaymentsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly payments: PeriodicPaymentsService,
    private readonly authorisations: AuthorisationEndpoints,
  ) {}

  @Post(':product')
  async initiate(
    @Param() route: ProductRoute,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers = xs2aHeaders(request);
    const bank = xs2aBank(this.banks, route.bankId);
    const created = await this.payments.create(bank, route.product, headers, body, xs2aBases(request, route.bankId));
    await sendCreated(reply, created, headers.requestId);
  }

  @Get(':product/:paymentId')
  read(@Param() route: PaymentRoute, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.payments.read(xs2aBank(this.banks, route.bankId), route.product, route.paymentId);
  }

  @Get(':product/:paymentId/status')
  status(@Param() route: PaymentRoute, @Req() request: FastifyRequest): Promise<object> {
    xs2aHeaders(request);
    return this.payments.status(xs2aBank(this.banks, route.bankId), route.product, route.paymentId);
  }

  @Delete(':product/:paymentId')
  @HttpCode(204)
  async cancel(@Param() route: PaymentRoute, @Req() request: FastifyRequest): Promise<void> {
    xs2aHeaders(request);
    await this.payments.cancel(xs2aBank(this.banks, route.bankId), route.product, route.paymentId);
  }

  @Post(':product/:paymentId/authorisations')
  @HttpCode(201)
  startAuthorisation(
    @Param() route: PaymentRoute,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.start(request, route.bankId, this.payment(route), body);
  }

  @Get(':product/:paymentId/authorisations')
  listAuthorisations(@Param() route: PaymentRoute, @Req() request: FastifyRequest): Promise<object> {
    return this.authorisations.list(request, route.bankId, this.payment(route));
  }

  @Get(':product/:paymentId/authorisations/:authorisationId')
  readAuthorisation(@Param() route: AuthorisationRoute, @Req() request: FastifyRequest): Promise<object> {
    return this.authorisations.read(
      request,
      route.bankId,
      this.payment(route),
      route.authorisationId,
      (_bank, resource) => this.payments.assertAvailable(resource),
    );
  }

  @Put(':product/:paymentId/authorisations/:authorisationId')
  updateAuthorisation(
    @Param() route: AuthorisationRoute,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.authorisations.update(request, route.bankId, this.payment(route), route.authorisationId, body);
  }

  private payment(route: PaymentRoute): ParentResource {
    return (bank: Xs2aBank) => this.payments.payment(bank, route.product, route.paymentId);
  }
}
