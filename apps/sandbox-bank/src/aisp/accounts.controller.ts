import { Body, Delete, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { ObieApiController } from '../http/obie-api.decorator.js';
import { apiBase } from '../http/obie-request.js';
import { AccountAccessConsentsService } from './account-access-consents.service.js';
import { AccountsService } from './accounts.service.js';

function self(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.url}`;
}

/** Account information: account-access consents, accounts, balances, transactions, standing orders. */
@ObieApiController('aisp')
export class AccountsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly consents: AccountAccessConsentsService,
    private readonly accounts: AccountsService,
  ) {}

  @Post('account-access-consents')
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
      key === '' ? undefined : key,
      body,
      apiBase(request, bankId),
    );
  }

  @Get('account-access-consents/:consentId')
  readConsent(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.consents.read(this.banks.get(bankId), authorization, consentId, apiBase(request, bankId));
  }

  @Delete('account-access-consents/:consentId')
  @HttpCode(204)
  async deleteConsent(
    @Param('bankId') bankId: string,
    @Param('consentId') consentId: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<void> {
    await this.consents.delete(this.banks.get(bankId), authorization, consentId);
  }

  @Get('accounts')
  list(
    @Param('bankId') bankId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.accounts.list(this.banks.get(bankId), authorization, self(request));
  }

  @Get('accounts/:accountId')
  one(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.accounts.one(this.banks.get(bankId), authorization, accountId, self(request));
  }

  @Get('accounts/:accountId/balances')
  balances(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.accounts.balances(this.banks.get(bankId), authorization, accountId, self(request));
  }

  @Get('accounts/:accountId/transactions')
  transactions(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Query('fromBookingDateTime') from: string | undefined,
    @Query('toBookingDateTime') to: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.accounts.transactions(
      this.banks.get(bankId),
      authorization,
      accountId,
      { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) },
      self(request),
    );
  }

  @Get('accounts/:accountId/standing-orders')
  standingOrders(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    return this.accounts.standingOrders(this.banks.get(bankId), authorization, accountId, self(request));
  }
}
