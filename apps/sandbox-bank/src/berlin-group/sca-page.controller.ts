import { Body, Controller, Get, Param, Post, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { stringFields } from '#libs/common';
import { SandboxBankRegistry } from '../banks/sandbox-bank-registry.js';
import { PageError } from '../http/obie-error.js';
import { PAGE_HEADERS } from '../http/page-layout.js';
import { SandboxErrorFilter } from '../http/sandbox-error.filter.js';
import { renderConsentPage } from '../oauth/consent-page.js';
import { AuthorisationStore, type Authorisation } from './authorisation.store.js';
import { AuthorisationsService } from './authorisations.service.js';
import { scaSummary } from './sca-summary.js';
import type { Xs2aBank } from './xs2a-banks.js';
import { Xs2aResourceStore } from './xs2a-resource.store.js';

/** Who asks: XS2A TPPs are known by their certificate, which the sandbox does not see. */
const TPP_LABEL = 'Your payment service provider';

/**
 * The Berlin Group banks' SCA page (the redirect approach's `scaRedirect`): the same plain form as
 * the OBIE consent page, a username field and approve / deny buttons, working without JavaScript.
 */
@UseFilters(SandboxErrorFilter)
@Controller('banks/:bankId/sca/:authorisationId')
export class BerlinGroupScaPageController {
  constructor(
    private readonly banks: SandboxBankRegistry,
    private readonly store: AuthorisationStore,
    private readonly resources: Xs2aResourceStore,
    private readonly authorisations: AuthorisationsService,
  ) {}

  @Get()
  async page(
    @Param('bankId') bankId: string,
    @Param('authorisationId') authorisationId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bank, authorisation } = await this.open(bankId, authorisationId);
    await reply
      .status(200)
      .headers(PAGE_HEADERS)
      .send(await this.render(bank, authorisation, authorisation.psuId ?? undefined));
  }

  @Post()
  async decision(
    @Param('bankId') bankId: string,
    @Param('authorisationId') authorisationId: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bank, authorisation } = await this.open(bankId, authorisationId);
    const fields = stringFields(body);
    const decision = fields['decision'];
    const username = (fields['username'] ?? '').trim();
    if (decision !== 'approve' && decision !== 'deny') throw new PageError(400, 'decision must be approve or deny.');
    if (decision === 'approve' && (username === '' || username.length > 64)) {
      await reply
        .status(400)
        .headers(PAGE_HEADERS)
        .send(await this.render(bank, authorisation, username, 'Enter your username (at most 64 characters).'));
      return;
    }
    const location = await this.authorisations.decide(bank, authorisation, username, decision);
    await reply.header('cache-control', 'no-store').redirect(location, 302);
  }

  private async open(
    bankId: string,
    authorisationId: string,
  ): Promise<{ bank: Xs2aBank; authorisation: Authorisation }> {
    const bank = this.banks.find(bankId);
    if (bank === undefined || bank.berlinGroup === undefined)
      throw new PageError(404, `No Berlin Group sandbox bank ${bankId}.`);
    const authorisation = await this.store.find(bank.id, authorisationId);
    if (authorisation === null || authorisation.scaApproach !== 'redirect')
      throw new PageError(404, 'This authorisation is not known. Start again from the application.');
    if (authorisation.scaStatus !== 'received')
      throw new PageError(400, 'This authorisation was already decided. Start again from the application.');
    return { bank: bank as Xs2aBank, authorisation };
  }

  private async render(
    bank: Xs2aBank,
    authorisation: Authorisation,
    username?: string,
    error?: string,
  ): Promise<string> {
    const resource = await this.resources.findById(authorisation.resourceId);
    if (resource === null) throw new PageError(404, 'This authorisation is not known.');
    return renderConsentPage({
      bank,
      clientId: TPP_LABEL,
      summary: scaSummary(resource),
      action: `/banks/${bank.id}/sca/${authorisation.id}`,
      session: authorisation.id,
      ...(username === undefined ? {} : { username }),
      ...(error === undefined ? {} : { error }),
    });
  }
}
