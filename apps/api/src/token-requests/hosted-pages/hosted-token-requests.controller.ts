import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock, GatewayError, Public, RateLimitedPublic, stringFields } from '#libs/common';
import {
  DescribeTokenRequestUseCase,
  FindHostedTokenRequestUseCase,
  ListTokenRequestBanksUseCase,
  PickTokenRequestBankUseCase,
  StartTokenRequestAtBankUseCase,
  SubmitHostedTokenRequestCredentialsUseCase,
  assertTokenRequestOpen,
  hostedTokenRequestPath,
  tppRedirectUrl,
  tokenRequestStepOf,
  type BankAuthorizationAnswer,
  type EmbeddedAuthStep,
  type TokenRequest,
} from '#libs/application';
import { sendPage, sendRedirect } from '../../shared/hosted-pages/hosted-page-reply.js';
import { HostedPagesErrorFilter } from '../../shared/hosted-pages/hosted-pages-error.filter.js';
import { embeddedPageHasImage } from '../../shared/hosted-pages/pages/embedded-auth-form.js';
import { renderMessagePage } from '../../shared/hosted-pages/pages/message.page.js';
import { renderUnknownLinkPage } from '../../shared/hosted-pages/pages/unknown-link.page.js';
import {
  renderTokenRequestBankSelection,
  renderTokenRequestDecoupledPage,
  renderTokenRequestEmbeddedPage,
  tokenRequestStatusPath,
  type TokenRequestSummary,
} from './pages/token-request-pages.js';

/**
 * The hosted pages of a token request sent with requestOptions.tokenInternal.usingWebApp: pick
 * the bank, then its page (or the fields it asks for here, or approval in its app), then back to
 * the TPP's redirectUrl. Public:
 * the unguessable callback token in the path is the credential. Plain HTML forms, no scripts.
 */
@ApiExcludeController()
@Public()
@UseFilters(HostedPagesErrorFilter)
@RateLimitedPublic({ kind: 'token-request', resource: { param: 'token' } })
@Controller('hosted-pages/token-requests')
export class HostedTokenRequestsController {
  constructor(
    private readonly find: FindHostedTokenRequestUseCase,
    private readonly listBanks: ListTokenRequestBanksUseCase,
    private readonly pickBank: PickTokenRequestBankUseCase,
    private readonly describe: DescribeTokenRequestUseCase,
    private readonly startAtBank: StartTokenRequestAtBankUseCase,
    private readonly credentials: SubmitHostedTokenRequestCredentialsUseCase,
    private readonly clock: Clock,
  ) {}

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.byToken(token);
    if (found === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    if (!this.isOpen(found)) return sendRedirect(reply, tokenRequestStatusPath(token));
    const banks = await this.listBanks.execute({ request: found });
    return sendPage(reply, 200, renderTokenRequestBankSelection(token, banks, await this.summaryOf(found)), {
      logoUris: banks.map((bank) => bank.logoUri),
    });
  }

  @Post(':token')
  async choose(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.byToken(token);
    if (found === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    if (!this.isOpen(found)) return sendRedirect(reply, tokenRequestStatusPath(token));
    const bankId = stringFields(request.body)['bankId'] ?? '';
    const { banks, bank } = await this.pickBank.execute({ request: found, bankId });
    const context = await this.summaryOf(found);
    if (bank === null)
      return sendPage(
        reply,
        400,
        renderTokenRequestBankSelection(
          token,
          banks,
          context,
          'That bank cannot authorise this request. Choose one of the banks listed.',
        ),
        { logoUris: banks.map((listed) => listed.logoUri) },
      );
    const requestingParty = context.merchantName;
    let answer: BankAuthorizationAnswer;
    try {
      answer = await this.startAtBank.execute({
        request: found,
        bank,
        traceId: request.traceId,
        psuIpAddress: request.ip,
        ...(requestingParty === undefined ? {} : { requestingParty }),
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return sendPage(
        reply,
        502,
        renderMessagePage({
          title: 'Your bank could not be reached',
          paragraphs: ['The bank did not accept the request. Go back and choose your bank again, or try later.'],
          reference: request.traceId,
        }),
      );
    }
    if ('redirectUrl' in answer) return sendRedirect(reply, answer.redirectUrl);
    // The bank's fields, approval in the bank's app, or (nothing more to do) the end: the status page shows which.
    return sendRedirect(reply, tokenRequestStatusPath(token));
  }

  /** The values of the bank's embedded step, posted from the form the status page shows. */
  @Post(':token/embedded')
  async embedded(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.byToken(token);
    if (found === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    const outcome = await this.credentials.execute({
      request: found,
      fields: stringFields(request.body),
      traceId: request.traceId,
      psuIpAddress: request.ip,
    });
    switch (outcome.kind) {
      case 'not-waiting':
        return sendRedirect(reply, tokenRequestStatusPath(token));
      case 'incomplete':
        return this.sendEmbedded(
          reply,
          400,
          token,
          found,
          outcome.step,
          `Please fill in: ${outcome.missing.join(', ')}.`,
        );
      case 'bank-unavailable':
        return this.sendEmbedded(
          reply,
          502,
          token,
          found,
          outcome.step,
          'Your bank could not be reached. Please try again.',
        );
      case 'answered': {
        const step = tokenRequestStepOf(outcome.request.authorization);
        if (step?.kind === 'embedded' && this.isOpen(outcome.request))
          return this.sendEmbedded(reply, 200, token, outcome.request, step.step);
        if (outcome.request.status !== 'PENDING') return sendRedirect(reply, tppRedirectUrl(outcome.request));
        return sendRedirect(reply, tokenRequestStatusPath(token));
      }
    }
  }

  /** Where the request stands: the bank's fields, waiting for approval in its app, at its page, or back to the TPP. */
  @Get(':token/status')
  async status(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.byToken(token);
    if (found === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    const step = tokenRequestStepOf(found.authorization);
    if (found.status === 'PENDING' && step?.kind === 'decoupled')
      return sendPage(reply, 200, renderTokenRequestDecoupledPage(token, await this.summaryOf(found)));
    if (step?.kind === 'embedded' && this.isOpen(found)) return this.sendEmbedded(reply, 200, token, found, step.step);
    if (found.status === 'PENDING' && step?.kind === 'redirect') return sendRedirect(reply, step.redirectUrl);
    if (this.isOpen(found) && step === undefined) return sendRedirect(reply, hostedTokenRequestPath(token));
    return sendRedirect(reply, tppRedirectUrl(found));
  }

  /** The bank's embedded step as the hosted form (its challenge picture allowed by the page's policy). */
  private async sendEmbedded(
    reply: FastifyReply,
    status: number,
    token: string,
    request: TokenRequest,
    step: EmbeddedAuthStep,
    error?: string,
  ): Promise<void> {
    return sendPage(reply, status, renderTokenRequestEmbeddedPage(token, step, await this.summaryOf(request), error), {
      images: embeddedPageHasImage(step),
    });
  }

  private byToken(token: string): Promise<TokenRequest | null> {
    return this.find.execute({ token });
  }

  private isOpen(request: TokenRequest): boolean {
    try {
      assertTokenRequestOpen(request, this.clock.now());
      return true;
    } catch {
      return false;
    }
  }

  private summaryOf(request: TokenRequest): Promise<TokenRequestSummary> {
    return this.describe.execute({ request });
  }
}
