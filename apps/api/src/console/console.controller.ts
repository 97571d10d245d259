import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ReadPaymentFieldsUseCase, ReadStatusHistoryUseCase } from '#libs/application';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html, NO_HTML, stringFields } from '#libs/common';
import { ConsoleAuth } from './console-auth.js';
import { fieldsTable, searchForm, timelineTable } from './console-resource.page.js';
import { consoleHeader, consoleHeaders, sendConsolePage } from './console-page.js';
import { CONSOLE_CSS } from './console-style.js';

async function redirect(reply: FastifyReply, location: string): Promise<void> {
  await reply.header('cache-control', 'no-store').redirect(location, 303);
}

/** The operations console's pages and actions (admin port only). */
@ApiExcludeController()
@Controller('console')
export class ConsoleController {
  constructor(
    private readonly auth: ConsoleAuth,
    private readonly payments: ReadPaymentFieldsUseCase,
    private readonly history: ReadStatusHistoryUseCase,
  ) {}

  @Get('console.css')
  async style(@Res() reply: FastifyReply): Promise<void> {
    await reply.status(200).headers(consoleHeaders('text/css; charset=utf-8')).send(CONSOLE_CSS);
  }

  @Get('sign-in')
  async signInPage(@Res() reply: FastifyReply): Promise<void> {
    await this.sendSignIn(reply, 200, false);
  }

  @Post('sign-in')
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    const token = stringFields(body).adminToken ?? '';
    if (!(await this.auth.signIn(request, reply, token))) {
      await this.sendSignIn(reply, 401, true);
      return;
    }
    await redirect(reply, '/console');
  }

  @Get()
  async home(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const session = await this.auth.session(request);
    if (session === undefined) {
      await redirect(reply, '/console/sign-in');
      return;
    }
    await sendConsolePage(reply, 200, 'Find anything', searchForm(''), consoleHeader(session.csrfToken));
  }

  @Get('find')
  async find(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query() query: unknown): Promise<void> {
    const session = await this.auth.session(request);
    if (session === undefined) {
      await redirect(reply, '/console/sign-in');
      return;
    }
    const q = (stringFields(query).q ?? '').trim();
    if (q !== '' && (await this.payments.execute({ paymentId: q })) !== undefined) {
      await redirect(reply, `/console/payments/${encodeURIComponent(q)}`);
      return;
    }
    await sendConsolePage(
      reply,
      404,
      'Find anything',
      html`<p class="error" role="alert">Nothing has the id ${q}.</p>${searchForm(q)}`,
      consoleHeader(session.csrfToken),
    );
  }

  @Get('payments/:id')
  async payment(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('id') id: string): Promise<void> {
    const session = await this.auth.session(request);
    if (session === undefined) {
      await redirect(reply, '/console/sign-in');
      return;
    }
    const fields = await this.payments.execute({ paymentId: id });
    if (fields === undefined) {
      await sendConsolePage(
        reply,
        404,
        'Not found',
        html`<p>No payment has the id ${id}.</p>`,
        consoleHeader(session.csrfToken),
      );
      return;
    }
    const history = await this.history
      .execute({ resourceId: id, limit: 100, offset: undefined })
      .catch(() => undefined);
    await sendConsolePage(
      reply,
      200,
      `Payment ${id}`,
      html`${fieldsTable(fields)}${timelineTable(history?.changes ?? [])}`,
      consoleHeader(session.csrfToken),
    );
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    await this.auth.actionSession(request, stringFields(body).csrf);
    await this.auth.signOut(request, reply);
    await redirect(reply, '/console/sign-in');
  }

  private async sendSignIn(reply: FastifyReply, status: number, failed: boolean): Promise<void> {
    const error = failed ? html`<p class="error" role="alert">That token is not the admin token.</p>` : NO_HTML;
    await sendConsolePage(
      reply,
      status,
      'Sign in',
      html`${error}<form method="post" action="/console/sign-in">
<label for="admin-token">Admin token</label>
<input id="admin-token" name="adminToken" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
    );
  }
}
