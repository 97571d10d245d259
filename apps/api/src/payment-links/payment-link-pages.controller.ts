import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, RateLimitedPublic, stringFields } from '#libs/common';
import { PAYMENT_LINK_PAGES_PATH, ReadPaymentLinkPageUseCase, UsePaymentLinkUseCase } from '#libs/application';
import { sendPage, sendRedirect } from '../shared/hosted-pages/hosted-page-reply.js';
import { HostedPagesErrorFilter } from '../shared/hosted-pages/hosted-pages-error.filter.js';
import { renderUnknownLinkPage } from '../shared/hosted-pages/pages/unknown-link.page.js';
import { paymentLinkOwnerId } from './payment-link-owner-id.js';
import { LINK_REFUSALS, refusalOf, renderPaymentLinkPage } from './pages/payment-link.page.js';

/**
 * A payment link's public page: what the link asks for and a button that starts one payment of
 * it and goes on to the hosted bank selection. Public: the unguessable token in the path is the
 * credential. Plain HTML, no scripts; uncached, no referrer, the hosted pages' strict policy.
 */
@ApiExcludeController()
@Public()
@UseFilters(HostedPagesErrorFilter)
@RateLimitedPublic({ kind: 'payment-link', resource: { param: 'token' } })
@Controller(PAYMENT_LINK_PAGES_PATH.slice(1))
export class PaymentLinkPagesController {
  constructor(
    private readonly pages: ReadPaymentLinkPageUseCase,
    private readonly use: UsePaymentLinkUseCase,
  ) {}

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.pages.execute({ token });
    if (page === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    const { link, merchant } = page;
    return sendPage(reply, refusalOf(link) === undefined ? 200 : 410, renderPaymentLinkPage(token, link, merchant));
  }

  @Post(':token')
  async pay(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.pages.execute({ token });
    if (page === null) return sendPage(reply, 404, renderUnknownLinkPage(request.traceId));
    const { link, merchant } = page;
    const amount = stringFields(request.body)['amount'];
    const outcome = await this.use.execute({
      link,
      owner: paymentLinkOwnerId(link),
      ...(amount === undefined ? {} : { amount }),
      traceId: request.traceId,
      psuIpAddress: request.ip,
    });
    switch (outcome.kind) {
      case 'refused': {
        const current = (await this.pages.execute({ token }))?.link ?? link;
        return sendPage(
          reply,
          410,
          renderPaymentLinkPage(token, current, merchant, {
            refusal: refusalOf(current) ?? LINK_REFUSALS[outcome.reason],
          }),
        );
      }
      case 'bad-amount':
        return sendPage(
          reply,
          400,
          renderPaymentLinkPage(token, link, merchant, {
            problem: outcome.problem,
            ...(amount === undefined ? {} : { amount }),
          }),
        );
      case 'started': {
        const next = (outcome.payment.authentication as { redirectUrl?: string } | undefined)?.redirectUrl;
        if (next === undefined) return sendPage(reply, 502, renderUnknownLinkPage(request.traceId));
        return sendRedirect(reply, next);
      }
    }
  }
}
