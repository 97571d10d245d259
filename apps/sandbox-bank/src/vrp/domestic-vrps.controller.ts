import { Body, Delete, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { apiBase, idempotencyKey } from '../http/obie-request.js';
import { VrpConsentsService } from './vrp-consents.service.js';
import { VrpPaymentsService } from './vrp-payments.service.js';

/** Variable recurring payments: consents (with funds confirmation) and the payments under them. */
@ObieApiController('pisp')
export class DomesticVrpsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly consents: VrpConsentsService,
    private readonly payments: VrpPaymentsService,
  ) {}

  @Post('domestic-vrp-consents')
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
      authorization,
      idempotencyKey(key),
      body,
      apiBase(request, bankId),
    );
  }

  @Get('domestic-vrp-consents/:consentId')
  readConsent(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.consents.read(this.banks.get(bankId), authorization, consentId, apiBase(request, bankId));
  }

  @Delete('domestic-vrp-consents/:consentId')
  @HttpCode(204)
  async deleteConsent(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<void> {
    await this.consents.delete(this.banks.get(bankId), authorization, consentId);
  }

  @Post('domestic-vrp-consents/:consentId/funds-confirmation')
  @HttpCode(201)
  confirmFunds(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.consents.fundsConfirmation(
      this.banks.get(bankId),
      authorization,
      consentId,
      body,
      apiBase(request, bankId),
    );
  }

  @Post('domestic-vrps')
  @HttpCode(201)
  submit(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-idempotency-key') key: string | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.payments.submit(
      this.banks.get(bankId),
      authorization,
      idempotencyKey(key),
      body,
      apiBase(request, bankId),
    );
  }

  @Get('domestic-vrps/:vrpId')
  read(
    @Param('bankId') bankId: string,
    @Param('vrpId') vrpId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.payments.read(this.banks.get(bankId), authorization, vrpId, apiBase(request, bankId));
  }

  @Get('domestic-vrps/:vrpId/payment-details')
  details(
    @Param('bankId') bankId: string,
    @Param('vrpId') vrpId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.payments.details(this.banks.get(bankId), authorization, vrpId, apiBase(request, bankId));
  }
}
