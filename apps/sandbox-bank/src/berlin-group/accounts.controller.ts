import { Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { BerlinGroupAccountsService, type Xs2aRead } from './accounts.service.js';
import { xs2aBank } from './xs2a-banks.js';
import { Xs2aApiController } from './xs2a-api.decorator.js';
import { xs2aBase, xs2aHeaders, type Xs2aHeaders } from './xs2a-request.js';

function readOf(headers: Xs2aHeaders): Xs2aRead {
  return {
    consentId: headers.consentId,
    ...(headers.psuIpAddress === undefined ? {} : { psuIpAddress: headers.psuIpAddress }),
  };
}

/** Account information: `/v1/accounts`, `/balances`, `/transactions`, each under the consent named by Consent-ID. */
@Xs2aApiController('accounts')
export class BerlinGroupAccountsController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly accounts: BerlinGroupAccountsService,
  ) {}

  @Get()
  list(@Param('bankId') bankId: string, @Req() request: FastifyRequest): Promise<object> {
    const headers = xs2aHeaders(request);
    return this.accounts.list(xs2aBank(this.banks, bankId), readOf(headers), xs2aBase(request, bankId));
  }

  @Get(':accountId/balances')
  balances(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    return this.accounts.balances(xs2aBank(this.banks, bankId), readOf(headers), accountId);
  }

  @Get(':accountId/transactions')
  transactions(
    @Param('bankId') bankId: string,
    @Param('accountId') accountId: string,
    @Query() query: Record<string, string | undefined>,
    @Req() request: FastifyRequest,
  ): Promise<object> {
    const headers = xs2aHeaders(request);
    return this.accounts.transactions(
      xs2aBank(this.banks, bankId),
      readOf(headers),
      accountId,
      query,
      `${request.protocol}://${request.host}${request.url}`,
    );
  }
}
