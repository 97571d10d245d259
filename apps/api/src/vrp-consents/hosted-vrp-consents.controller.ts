import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, RateLimitedPublic, stringFields } from '#libs/common';
import {
  HostedVrpConsents,
  vrpConsentCallbackUrl,
  orderBanks,
  toListedBank,
  type ListedBank,
  type Bank,
  type VrpConsent,
} from '#libs/application';
import { sendPage, sendRedirect } from '../shared/hosted-pages/hosted-page-reply.js';
import { HostedPagesErrorFilter } from '../shared/hosted-pages/hosted-pages-error.filter.js';
import { renderMessagePage } from '../shared/hosted-pages/pages/message.page.js';
import { renderUnknownLinkPage } from '../shared/hosted-pages/pages/unknown-link.page.js';
import { renderVrpConsentBankSelection } from './vrp-consent-bank-selection.page.js';

const listed = (banks: readonly Bank[]): ListedBank[] => orderBanks(banks.map(toListedBank), 'RANK');

/**
 * The hosted bank selection of a VRP consent created without a bank: pick the bank, then its own
 * page to authorise, then back to the TPP through the bank callback. Public: the unguessable
 * callback token in the path is the credential. Plain HTML forms, no scripts.
 */
@ApiExcludeController()
@Public()
@UseFilters(HostedPagesErrorFilter)
@RateLimitedPublic({ kind: 'vrp-consent', resource: { param: 'token' } })
@Controller('hosted-pages/vrp-consents')
export class HostedVrpConsentsController {
  constructor(private readonly hosted: HostedVrpConsents) {}

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const consent = await this.hosted.byToken(token);
    if (consent === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    if (!this.hosted.isChoosable(consent)) return this.moveOn(consent, reply);
    const banks = listed(await this.hosted.selectableFor(consent));
    return sendPage(reply, 200, renderVrpConsentBankSelection(consent, banks), {
      logoUris: banks.map((bank) => bank.logoUri),
    });
  }

  @Post(':token')
  async choose(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bankId = stringFields(request.body)['bankId'] ?? '';
    const outcome = await this.hosted.choose(token, bankId, { traceId: request.traceId, psuIpAddress: request.ip });
    switch (outcome.kind) {
      case 'unknown-token':
        return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
      case 'not-choosable':
      case 'chosen':
        return this.moveOn(outcome.consent, reply);
      case 'not-offered': {
        const banks = listed(outcome.banks);
        return sendPage(
          reply,
          400,
          renderVrpConsentBankSelection(
            outcome.consent,
            banks,
            'That bank cannot take this consent. Choose one of the banks listed.',
          ),
          { logoUris: banks.map((bank) => bank.logoUri) },
        );
      }
      case 'bank-failed':
        return sendPage(
          reply,
          502,
          renderMessagePage({
            title: 'Your bank could not be reached',
            paragraphs: ['The bank did not accept the consent. Return to the site you came from and start again.'],
            reference: request.traceId,
          }),
        );
    }
  }

  /** Past bank selection: on to the bank's page while the user has to authorise there, else back to the TPP. */
  private moveOn(consent: VrpConsent, reply: FastifyReply): Promise<void> {
    const authentication = consent.authentication as { redirectUrl?: unknown } | null;
    if (consent.status === 'PENDING_REDIRECT_AUTH' && typeof authentication?.redirectUrl === 'string')
      return sendRedirect(reply, authentication.redirectUrl);
    return sendRedirect(reply, vrpConsentCallbackUrl(consent));
  }
}
