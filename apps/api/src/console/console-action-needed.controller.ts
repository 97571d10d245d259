import { Body, Controller, Get, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  FindResourcesUseCase,
  ListBankStatusesUseCase,
  ReadBankCallHealthUseCase,
  ListOutcomeChecksUseCase,
  ListPaymentsAwaitingSettlementUseCase,
  ListTransfersAwaitingSettlementUseCase,
  ListUnmatchedCreditsUseCase,
  ListWebhookDeliveriesUseCase,
  MatchCreditUseCase,
  ReplayWebhookDeliveriesUseCase,
  ResolveOutcomeCheckUseCase,
  type ConsoleSession,
} from '#libs/application';
import { GatewayError, html, stringFields } from '#libs/common';
import {
  BANK_WINDOW_MINUTES,
  banksDownSection,
  deadDeliveriesSection,
  flaggedChecksSection,
  unmatchedCreditsSection,
} from './console-action-needed.page.js';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { withNotice } from './console-links.js';
import { consoleHeader, noticeOf, sendConsolePage } from './console-page.js';
import { redirect } from './console-redirect.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsoleSessionGuard } from './console-session.guard.js';

/** How many rows each list of the page shows (the oldest or newest first, as its use case orders). */
const LISTED = 50;
const HERE = '/console/action-needed';

/** The form's values of a field sent once or many times (checkboxes). */
function allValues(body: unknown, name: string): string[] {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Where an operator is needed, each list with its action: unknown bank outcomes flagged (resolve
 * with a reason), unmatched credits (match), webhook deliveries that gave up (replay one or many),
 * banks down. Every action goes through the admin API's use case, so through the same rules.
 */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console')
export class ConsoleActionNeededController {
  constructor(
    private readonly checks: ListOutcomeChecksUseCase,
    private readonly resolveCheck: ResolveOutcomeCheckUseCase,
    private readonly unmatched: ListUnmatchedCreditsUseCase,
    private readonly awaiting: ListPaymentsAwaitingSettlementUseCase,
    private readonly awaitingTransfers: ListTransfersAwaitingSettlementUseCase,
    private readonly matchCredit: MatchCreditUseCase,
    private readonly find: FindResourcesUseCase,
    private readonly deliveries: ListWebhookDeliveriesUseCase,
    private readonly replayDeliveries: ReplayWebhookDeliveriesUseCase,
    private readonly bankStatuses: ListBankStatusesUseCase,
    private readonly bankCalls: ReadBankCallHealthUseCase,
  ) {}

  @Get('action-needed')
  async page(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Query() query: unknown,
  ): Promise<void> {
    const [flagged, credits, awaiting, transfers, dead, banks, calls] = await Promise.all([
      this.checks.execute({ flagged: true, offset: 0, limit: LISTED }),
      this.unmatched.execute({ offset: 0, limit: LISTED }),
      this.awaiting.execute({ offset: 0, limit: LISTED }),
      this.awaitingTransfers.execute({ offset: 0, limit: LISTED }),
      this.deliveries.execute({ status: 'DEAD', limit: LISTED }),
      this.bankStatuses.execute({ bankIds: undefined }),
      this.bankCalls.execute({ minutes: BANK_WINDOW_MINUTES }),
    ]);
    const csrf = session.csrfToken;
    await sendConsolePage(
      reply,
      200,
      'Action needed',
      html`${noticeOf(stringFields(query).done)}${flaggedChecksSection(flagged.outcomeChecks, csrf)}${unmatchedCreditsSection(credits.items, awaiting.items, transfers.items, csrf)}${deadDeliveriesSection(dead.deliveries, csrf)}${banksDownSection(banks, calls)}`,
      consoleHeader(csrf),
    );
  }

  @Post('outcome-checks/:kind/:resourceId/resolve')
  async resolve(
    @Res() reply: FastifyReply,
    @Param('kind') kind: string,
    @Param('resourceId') resourceId: string,
    @Body() body: unknown,
  ): Promise<void> {
    const { reason, outcome } = stringFields(body);
    await this.resolveCheck.execute({
      kind,
      resourceId,
      reason: reason ?? '',
      outcome: outcome === undefined || outcome === '' ? undefined : outcome,
    });
    await redirect(reply, withNotice(HERE, 'resolved'));
  }

  @Post('credits/:creditId/match')
  async match(@Res() reply: FastifyReply, @Param('creditId') creditId: string, @Body() body: unknown): Promise<void> {
    const target = (stringFields(body).target ?? '').trim();
    const kinds = (await this.find.execute({ query: target })).filter(
      (match) => match.id === target && (match.kind === 'payment' || match.kind === 'transfer'),
    );
    const [found] = kinds;
    if (found === undefined) throw GatewayError.invalidField('target', `No payment or transfer has the id ${target}.`);
    await (found.kind === 'transfer'
      ? this.matchCredit.execute({ kind: 'transfer', creditId, transferId: target })
      : this.matchCredit.execute({ kind: 'payment', creditId, paymentId: target }));
    await redirect(reply, withNotice(HERE, 'matched'));
  }

  @Post('webhook-deliveries/replay')
  async replayMany(@Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    const selected = allValues(body, 'deliveryId');
    if (stringFields(body).scope === 'all') await this.replayDeliveries.execute({ status: 'DEAD' });
    else if (selected.length === 0) throw GatewayError.invalidField('deliveryId', 'Select at least one delivery.');
    else await this.replayDeliveries.execute({ deliveryIds: selected });
    await redirect(reply, withNotice(HERE, 'replayed-many'));
  }
}
