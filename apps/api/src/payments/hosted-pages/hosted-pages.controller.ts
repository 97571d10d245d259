import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, RateLimitedPublic, stringFields } from '#libs/common';
import {
  HostedPayments,
  SelectBankUseCase,
  ShowBankSelectionUseCase,
  SubmitHostedEmbeddedAuthUseCase,
  bankSearchOf,
  hostedStepOf,
  tppCallbackUrl,
  type NotChoosable,
  type Payment,
} from '#libs/application';
import { HOSTED_PAYMENT_ROUTE, selectionPath, statusPath } from './hosted-page-paths.js';
import { sendPage, sendRedirect } from '../../shared/hosted-pages/hosted-page-reply.js';
import { HostedPagesErrorFilter } from '../../shared/hosted-pages/hosted-pages-error.filter.js';
import { bankSelectionLogoUris, renderBankSelectionPage } from './pages/bank-selection.page.js';
import { renderDecoupledPage } from './pages/decoupled.page.js';
import { summaryLogoUris } from './pages/payment-summary.js';
import { embeddedPageHasImage } from '../../shared/hosted-pages/pages/embedded-auth-form.js';
import { renderEmbeddedAuthPage } from './pages/embedded-auth.page.js';
import {
  renderBankFailedPage,
  renderContinueAtBankPage,
  renderExpiredPage,
  renderPastSelectionPage,
} from './pages/outcome-pages.js';
import { renderUnknownLinkPage } from '../../shared/hosted-pages/pages/unknown-link.page.js';

/**
 * The hosted pages of a payment created without a bank: pick the bank, then whatever step the
 * bank asks for (its own page, fields here, or approval in its app), then back to the TPP.
 * Public: the unguessable callback token in the path is the credential. Plain HTML forms, no
 * scripts; every answer is uncached and sends no referrer.
 */
@ApiExcludeController()
@Public()
@UseFilters(HostedPagesErrorFilter)
@RateLimitedPublic({ kind: 'payment', resource: { param: 'token' } })
@Controller(HOSTED_PAYMENT_ROUTE)
export class HostedPagesController {
  constructor(
    private readonly hosted: HostedPayments,
    private readonly selection: ShowBankSelectionUseCase,
    private readonly selectBank: SelectBankUseCase,
    private readonly embeddedAuth: SubmitHostedEmbeddedAuthUseCase,
  ) {}

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.selection.execute({ token, search: bankSearchOf(stringFields(request.query)) });
    switch (outcome.kind) {
      case 'unknown-token':
        return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
      case 'not-choosable':
        return this.notChoosable(token, outcome, reply);
      case 'choose': {
        const summary = await this.hosted.summaryOf(outcome.selection.payment);
        return sendPage(reply, 200, renderBankSelectionPage(token, outcome.selection, summary), {
          logoUris: bankSelectionLogoUris(outcome.selection),
        });
      }
    }
  }

  @Post(':token')
  async choose(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const bankId = stringFields(request.body)['bankId'] ?? '';
    const outcome = await this.selectBank.execute({
      token,
      bankId,
      traceId: request.traceId,
      psuIpAddress: request.ip,
    });
    switch (outcome.kind) {
      case 'unknown-token':
        return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
      case 'not-choosable':
        return this.notChoosable(token, outcome, reply);
      case 'not-offered':
        return sendPage(
          reply,
          400,
          renderBankSelectionPage(
            token,
            outcome.selection,
            await this.hosted.summaryOf(outcome.selection.payment),
            'That bank cannot make this payment. Choose one of the banks listed.',
          ),
          { logoUris: bankSelectionLogoUris(outcome.selection) },
        );
      case 'chosen':
        return this.continueWith(token, outcome.payment, reply);
      case 'bank-failed':
        return sendPage(reply, 502, renderBankFailedPage(outcome.payment, request.traceId));
      case 'overtaken':
        return sendRedirect(reply, statusPath(token));
    }
  }

  @Post(':token/embedded')
  async embedded(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.embeddedAuth.execute({
      token,
      fields: stringFields(request.body),
      traceId: request.traceId,
      psuIpAddress: request.ip,
    });
    switch (outcome.kind) {
      case 'unknown-token':
        return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
      case 'not-waiting':
        return sendRedirect(reply, statusPath(token));
      case 'incomplete': {
        const summary = await this.hosted.summaryOf(outcome.payment);
        return sendPage(
          reply,
          400,
          renderEmbeddedAuthPage(
            token,
            outcome.payment,
            outcome.step,
            `Please fill in: ${outcome.missing.join(', ')}.`,
            summary,
          ),
          { images: embeddedPageHasImage(outcome.step), logoUris: summaryLogoUris(summary) },
        );
      }
      case 'bank-unavailable': {
        const summary = await this.hosted.summaryOf(outcome.payment);
        return sendPage(
          reply,
          502,
          renderEmbeddedAuthPage(
            token,
            outcome.payment,
            outcome.step,
            'Your bank could not be reached. Please try again.',
            summary,
          ),
          { images: embeddedPageHasImage(outcome.step), logoUris: summaryLogoUris(summary) },
        );
      }
      case 'answered':
        return this.continueWith(token, outcome.payment, reply);
    }
  }

  /** Where the payment stands: the step the user is at, or (nothing left to do here) back to the TPP. */
  @Get(':token/status')
  async status(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const payment = await this.hosted.byToken(token);
    if (payment === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    const step = hostedStepOf(payment);
    switch (step.kind) {
      case 'choose-bank':
        return sendRedirect(reply, selectionPath(token));
      case 'bank-redirect':
        return sendPage(reply, 200, renderContinueAtBankPage(step.url, payment));
      case 'embedded': {
        const summary = await this.hosted.summaryOf(payment);
        return sendPage(reply, 200, renderEmbeddedAuthPage(token, payment, step.step, undefined, summary), {
          images: embeddedPageHasImage(step.step),
          logoUris: summaryLogoUris(summary),
        });
      }
      case 'decoupled': {
        const summary = await this.hosted.summaryOf(payment);
        return sendPage(reply, 200, renderDecoupledPage(token, payment, summary), {
          logoUris: summaryLogoUris(summary),
        });
      }
      case 'back-to-tpp':
        return sendRedirect(reply, tppCallbackUrl(payment));
    }
  }

  /** After a step the user took here: on to the bank's page, the next fields, the wait for approval, or the TPP. */
  private async continueWith(token: string, payment: Payment, reply: FastifyReply): Promise<void> {
    const step = hostedStepOf(payment);
    switch (step.kind) {
      case 'bank-redirect':
        return sendRedirect(reply, step.url);
      case 'embedded': {
        const summary = await this.hosted.summaryOf(payment);
        return sendPage(reply, 200, renderEmbeddedAuthPage(token, payment, step.step, undefined, summary), {
          images: embeddedPageHasImage(step.step),
          logoUris: summaryLogoUris(summary),
        });
      }
      case 'choose-bank':
      case 'decoupled':
        // Post/redirect/get: the status page reloads itself while the bank waits for approval.
        return sendRedirect(reply, statusPath(token));
      case 'back-to-tpp':
        return sendRedirect(reply, tppCallbackUrl(payment));
    }
  }

  private notChoosable(token: string, outcome: NotChoosable, reply: FastifyReply): Promise<void> {
    switch (outcome.reason) {
      case 'expired':
        return sendPage(reply, 410, renderExpiredPage(outcome.payment));
      case 'past-selection':
        return sendPage(reply, 409, renderPastSelectionPage(token, outcome.payment));
    }
  }
}
