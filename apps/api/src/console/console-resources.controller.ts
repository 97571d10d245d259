import { Body, Controller, Get, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  FindResourcesUseCase,
  ReadConsoleResourceUseCase,
  ReadStatusHistoryUseCase,
  ReplayWebhookDeliveryUseCase,
  type ConsoleSession,
} from '#libs/application';
import { GatewayError, html, stringFields } from '#libs/common';
import { CONSOLE_RESOURCE_KINDS, isConsoleKind } from '#libs/application';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { backPath, resourcePath, withNotice } from './console-links.js';
import { consoleHeader, noticeOf, sendConsolePage } from './console-page.js';
import { deliveryPageBody, matchesList, resourcePageBody, searchForm } from './console-resource.page.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsoleSessionGuard } from './console-session.guard.js';
import { redirect } from './console-redirect.js';

/** How many status changes a resource page shows (the admin API pages through more). */
const TIMELINE_SHOWN = 200;

/** Find anything by id or refId; every resource's page; replaying a delivery. */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console')
export class ConsoleResourcesController {
  constructor(
    private readonly find: FindResourcesUseCase,
    private readonly read: ReadConsoleResourceUseCase,
    private readonly history: ReadStatusHistoryUseCase,
    private readonly replay: ReplayWebhookDeliveryUseCase,
  ) {}

  @Get('find')
  async search(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Query() query: unknown,
  ): Promise<void> {
    const q = (stringFields(query).q ?? '').trim();
    const matches = await this.find.execute({ query: q });
    const [only] = matches;
    if (matches.length === 1 && only !== undefined) {
      await redirect(reply, resourcePath(only.kind, only.id));
      return;
    }
    const body =
      matches.length === 0
        ? html`<p class="error" role="alert">Nothing has the id or refId ${q}.</p>${searchForm(q)}`
        : html`${matchesList(q, matches)}${searchForm(q)}`;
    await sendConsolePage(
      reply,
      matches.length === 0 ? 404 : 200,
      'Find anything',
      body,
      consoleHeader(session.csrfToken),
    );
  }

  @Get('resources/:kind/:id')
  async resource(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<void> {
    if (!isConsoleKind(kind)) throw GatewayError.notFound(kind, `The console has no pages of ${kind}.`);
    const page = await this.read.execute({ kind, id });
    const label = CONSOLE_RESOURCE_KINDS[kind].label;
    if (page === undefined) throw GatewayError.notFound(id, `No ${label.toLowerCase()} has the id ${id}.`);
    const here = resourcePath(kind, id);
    const notice = noticeOf(stringFields(query).done);
    const body =
      kind === 'webhook-delivery'
        ? deliveryPageBody(page, session.csrfToken, here)
        : resourcePageBody(page, await this.timelineOf(id), session.csrfToken, here);
    await sendConsolePage(reply, 200, `${label} ${id}`, html`${notice}${body}`, consoleHeader(session.csrfToken));
  }

  @Post('webhook-deliveries/:deliveryId/replay')
  async replayDelivery(
    @Res() reply: FastifyReply,
    @Param('deliveryId') deliveryId: string,
    @Body() body: unknown,
  ): Promise<void> {
    await this.replay.execute({ deliveryId });
    const back = backPath(stringFields(body).back, resourcePath('webhook-delivery', deliveryId));
    await redirect(reply, withNotice(back, 'replayed'));
  }

  private async timelineOf(id: string) {
    const history = await this.history
      .execute({ resourceId: id, limit: TIMELINE_SHOWN, offset: undefined })
      .catch((error: unknown) => {
        if (error instanceof GatewayError && error.status === 404) return undefined;
        throw error;
      });
    return history?.changes ?? [];
  }
}
