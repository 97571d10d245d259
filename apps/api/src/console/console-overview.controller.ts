import { Controller, Get, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  PAYMENT_STATUS_GROUPS,
  ReadBankCallHealthUseCase,
  ReadConsoleOverviewUseCase,
  type ConsoleSession,
  type PaymentStatusGroup,
} from '#libs/application';
import { html } from '#libs/common';
import { bankCallsSection } from './console-bank-calls.page.js';
import { countBars, stackedBars } from './console-charts.js';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { consoleHeader, sendConsolePage } from './console-page.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsoleSessionGuard } from './console-session.guard.js';

/** How many hours the pictures cover, the current one included. */
const OVERVIEW_HOURS = 24;

const GROUP_COLOURS: Readonly<Record<PaymentStatusGroup, string>> = {
  'In progress': '#0b4f9c',
  Completed: '#0a5c2b',
  'Ended without payment': '#a30000',
  'Outcome unknown': '#b35900',
};

function hourLabel(hour: Date): string {
  return `${hour.toISOString().slice(11, 13)}:00`;
}

/** Pictures where people look rather than read: payments, webhook deliveries and settlement work by the hour. */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console')
export class ConsoleOverviewController {
  constructor(
    private readonly overview: ReadConsoleOverviewUseCase,
    private readonly bankCalls: ReadBankCallHealthUseCase,
  ) {}

  @Get('overview')
  async page(@CurrentConsoleSession() session: ConsoleSession, @Res() reply: FastifyReply): Promise<void> {
    const [{ hours, backlog }, banks] = await Promise.all([
      this.overview.execute({ hours: OVERVIEW_HOURS }),
      this.bankCalls.execute({ minutes: 60 }),
    ]);
    const categories = hours.map((hour) => hourLabel(hour.hour));
    const payments = stackedBars({
      id: 'payments-by-status',
      title: `Payments made per hour, by status now (last ${OVERVIEW_HOURS} hours, UTC)`,
      categories,
      series: PAYMENT_STATUS_GROUPS.map((group) => ({
        label: group,
        colour: GROUP_COLOURS[group],
        values: hours.map((hour) => hour.payments[group]),
      })),
    });
    const deliveries = stackedBars({
      id: 'webhook-deliveries',
      title: `Webhook delivery attempts per hour (last ${OVERVIEW_HOURS} hours, UTC)`,
      categories,
      series: [
        { label: 'Answered 2xx', colour: '#0a5c2b', values: hours.map((hour) => hour.deliverySuccesses) },
        {
          label: 'Failed',
          colour: '#a30000',
          values: hours.map((hour) => hour.deliveryAttempts - hour.deliverySuccesses),
        },
      ],
    });
    const settlement = countBars('reconciliation-backlog', 'Reconciliation backlog', [
      ['Credits waiting for reconciliation', backlog.pendingCredits, '#0b4f9c'],
      ['Credits no payment took', backlog.unmatchedCredits, '#b35900'],
      ['Payments awaiting their credit', backlog.paymentsAwaitingSettlement, '#0a5c2b'],
    ]);
    await sendConsolePage(
      reply,
      200,
      'Overview',
      html`${payments}${bankCallsSection(banks, 'last hour')}${deliveries}${settlement}`,
      consoleHeader(session.csrfToken),
    );
  }
}
