import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import escapeHtml from 'escape-html';
import { Public, RateLimitedPublic, stringFields } from '#libs/common';
import { BANK_CALLBACK_PATH } from '#libs/application';
import { ConsentCallbackRegistry } from './consent-callback-registry.js';

const UNKNOWN_STATE_PAGE = (traceId: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment link not recognised</title></head>
<body><h1>This payment link is not recognised</h1>
<p>The bank sent you back with a link this service does not know, or that has expired. Return to the shop and start the payment again.</p>
<p><small>Reference: ${escapeHtml(traceId)}</small></p></body></html>`;

/**
 * Where banks send the user back after authorisation (the redirect URI registered with every
 * bank, for every consent kind): a GET with the answer in the query, or a form post
 * (response_mode=form_post). Public: the `state` is the proof, and names the consent's kind and
 * resource. Answers with a redirect to the TPP's callbackUrl.
 */
@ApiExcludeController()
@RateLimitedPublic({ kind: 'callback-state', resource: { field: 'state' } })
@Controller(BANK_CALLBACK_PATH.slice(1))
export class BankCallbackController {
  constructor(private readonly callbacks: ConsentCallbackRegistry) {}

  @Get()
  @Public()
  async get(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.handle(stringFields(request.query), request, reply);
  }

  @Post()
  @Public()
  @HttpCode(302)
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.handle({ ...stringFields(request.query), ...stringFields(request.body) }, request, reply);
  }

  private async handle(
    params: Readonly<Record<string, string>>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.callbacks.dispatch(params, { traceId: request.traceId, psuIpAddress: request.ip });
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (outcome.kind === 'unknown-state') {
      await reply.status(400).type('text/html; charset=utf-8').send(UNKNOWN_STATE_PAGE(request.traceId));
      return;
    }
    await reply.redirect(outcome.location, 303);
  }
}
