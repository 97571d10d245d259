import { Body, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SettlementAccountStore } from './settlement-account.store.js';
import { SettlementApiController } from './settlement-api.decorator.js';
import { DEFAULT_CREDITS_PAGE, SettlementCreditStore } from './settlement-credit.store.js';
import { accountBody, creditBody } from './settlement-representations.js';
import { CreditsQueryParams, OpenAccountRequest } from './settlement-requests.dto.js';

const DEFAULT_NAME = 'Sandbox Settlement Account';

/** Settlement accounts: open, read with balances, and the credits they received. */
@SettlementApiController('accounts')
export class SettlementAccountsController {
  constructor(
    private readonly accounts: SettlementAccountStore,
    private readonly credits: SettlementCreditStore,
  ) {}

  @Post()
  async open(@Body() body: OpenAccountRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<object> {
    const { account, created } = await this.accounts.open({
      reference: body.reference,
      currency: body.currency,
      country: body.country,
      name: body.name ?? DEFAULT_NAME,
    });
    void reply.status(created ? 201 : 200);
    return accountBody(account, await this.accounts.balances(account.id));
  }

  @Get(':accountId')
  async read(@Param('accountId') accountId: string): Promise<object> {
    const account = await this.accounts.get(accountId);
    return accountBody(account, await this.accounts.balances(account.id));
  }

  @Get(':accountId/credits')
  async listCredits(@Param('accountId') accountId: string, @Query() query: CreditsQueryParams): Promise<object> {
    const account = await this.accounts.get(accountId);
    const page = await this.credits.page(accountId, {
      ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      ...(query.since === undefined ? {} : { since: new Date(query.since) }),
      limit: query.limit ?? DEFAULT_CREDITS_PAGE,
    });
    return {
      credits: page.credits.map((credit) => creditBody(credit, account)),
      ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
    };
  }

  @Get(':accountId/credits/:creditId')
  async readCredit(@Param('accountId') accountId: string, @Param('creditId') creditId: string): Promise<object> {
    const account = await this.accounts.get(accountId);
    return creditBody(await this.credits.get(accountId, creditId), account);
  }
}
