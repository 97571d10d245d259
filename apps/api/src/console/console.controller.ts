import { Body, Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleSession } from '#libs/application';
import { html, NO_HTML, stringFields } from '#libs/common';
import { ConsoleAuth } from './console-auth.js';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { consoleHeader, consoleHeaders, noticeOf, sendConsolePage } from './console-page.js';
import { redirect } from './console-redirect.js';
import { searchForm } from './console-resource.page.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsolePublic, ConsoleSessionGuard } from './console-session.guard.js';
import { CONSOLE_CSS } from './console-style.js';

/** The console's front door: its stylesheet, sign-in, the search page, sign-out (admin port only). */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console')
export class ConsoleController {
  constructor(private readonly auth: ConsoleAuth) {}

  @Get('console.css')
  @ConsolePublic()
  async style(@Res() reply: FastifyReply): Promise<void> {
    await reply.status(200).headers(consoleHeaders('text/css; charset=utf-8')).send(CONSOLE_CSS);
  }

  @Get('sign-in')
  @ConsolePublic()
  async signInPage(@Res() reply: FastifyReply): Promise<void> {
    await this.sendSignIn(reply, 200, false);
  }

  @Post('sign-in')
  @ConsolePublic()
  async signIn(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    const token = stringFields(body).adminToken ?? '';
    if (!(await this.auth.signIn(request, reply, token))) {
      await this.sendSignIn(reply, 401, true);
      return;
    }
    await redirect(reply, '/console');
  }

  @Get()
  async home(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Query() query: unknown,
  ): Promise<void> {
    await sendConsolePage(
      reply,
      200,
      'Find anything',
      html`${noticeOf(stringFields(query).done)}${searchForm('')}`,
      consoleHeader(session.csrfToken),
    );
  }

  @Post('sign-out')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
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
