import { Body, Controller, Get, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { stringFields } from '#libs/common';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { PageError } from '../http/obie-error.js';
import { PAGE_HEADERS } from '../http/page-layout.js';
import { SandboxErrorFilter } from '../http/sandbox-error.filter.js';
import { AuthorizeService } from './authorize.service.js';
import { renderConsentPage } from './consent-page.js';
import { consentSummary } from './consent-summary.js';

/** The bank's login and consent page (the redirect journey), for a browser. */
@UseFilters(SandboxErrorFilter)
@Controller('banks/:bankId/as/authorize')
export class AuthorizeController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly authorize: AuthorizeService,
  ) {}

  @Get()
  async page(
    @Param('bankId') bankId: string,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bank = this.pageBank(bankId);
    const { consent, session, clientId, requestingPartyName } = await this.authorize.begin(bank, query);
    const page = renderConsentPage({
      bank,
      clientId,
      ...(requestingPartyName === undefined ? {} : { requestingPartyName }),
      summary: consentSummary(consent),
      action: `/banks/${bank.id}/as/authorize/decision`,
      session,
    });
    await reply.status(200).headers(PAGE_HEADERS).send(page);
  }

  @Post('decision')
  async decision(@Param('bankId') bankId: string, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const bank = this.pageBank(bankId);
    const fields = stringFields(body);
    const decision = await this.authorize.decide(bank, fields);
    if (decision.kind === 'redirect') {
      await reply.header('cache-control', 'no-store').redirect(decision.location, 302);
      return;
    }
    // Shown again as the first page showed it (display only; the session decides what is authorised).
    const requestingPartyName = fields['requester']?.trim().slice(0, 140);
    const page = renderConsentPage({
      bank,
      clientId: decision.clientId,
      ...(requestingPartyName === undefined || requestingPartyName === '' ? {} : { requestingPartyName }),
      summary: consentSummary(decision.consent),
      action: `/banks/${bank.id}/as/authorize/decision`,
      session: decision.session,
      username: decision.username,
      error: decision.error,
    });
    await reply.status(400).headers(PAGE_HEADERS).send(page);
  }

  private pageBank(bankId: string): SandboxBankDefinition {
    const bank = this.banks.find(bankId);
    if (bank === undefined) throw new PageError(404, `No sandbox bank ${bankId}.`);
    return bank;
  }
}
