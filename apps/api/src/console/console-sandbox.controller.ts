import { Body, Controller, Get, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdvanceClockUseCase,
  ListSandboxBankFaultsUseCase,
  ReadClockUseCase,
  SetSandboxBankFaultsUseCase,
  type AdvancedClock,
  type ConsoleSession,
  type SandboxFaults,
} from '#libs/application';
import { GatewayError, html, stringFields, validateBody } from '#libs/common';
import { AdvanceClockRequest, MAX_ADVANCE_SECONDS } from '../admin/advance-clock.dto.js';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { withNotice } from './console-links.js';
import { consoleHeader, noticeOf, sendConsolePage } from './console-page.js';
import { redirect } from './console-redirect.js';
import { advanceClockForm, clockTable, faultsTable, setFaultsForm } from './console-sandbox.page.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsoleSessionGuard } from './console-session.guard.js';

const SANDBOX_PATH = '/console/sandbox';

/** A form's number field: blank is 0; anything but a number is refused (the sandbox bank checks the ranges). */
function numberField(fields: Readonly<Record<string, string>>, name: string): number {
  const text = (fields[name] ?? '').trim();
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new GatewayError('Field.Invalid', { message: `${name} must be a number`, paths: [name] });
  return value;
}

function faultsOf(fields: Readonly<Record<string, string>>): SandboxFaults {
  return {
    latencyMs: numberField(fields, 'latencyMs'),
    errorRate: numberField(fields, 'errorRate'),
    lostAnswerRate: numberField(fields, 'lostAnswerRate'),
    lateAnswerMs: numberField(fields, 'lateAnswerMs'),
    only: (fields.only ?? '')
      .split(',')
      .map((operation) => operation.trim())
      .filter((operation) => operation !== ''),
  };
}

/**
 * Sandbox only (404 anywhere else): the service clock, moved forward through the admin API's use
 * case, and the faults the sandbox bank injects into each of its banks, read and set over its admin API.
 */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console/sandbox')
export class ConsoleSandboxController {
  constructor(
    private readonly readClock: ReadClockUseCase,
    private readonly advanceClock: AdvanceClockUseCase,
    private readonly listFaults: ListSandboxBankFaultsUseCase,
    private readonly setFaults: SetSandboxBankFaultsUseCase,
  ) {}

  @Get()
  async page(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Query() query: unknown,
  ): Promise<void> {
    const clock = await this.sandboxClock();
    const faults = await this.listFaults.execute();
    await sendConsolePage(
      reply,
      200,
      'Sandbox',
      html`${noticeOf(stringFields(query).done)}${clockTable(clock)}${advanceClockForm(session.csrfToken, MAX_ADVANCE_SECONDS)}${faultsTable(faults, session.csrfToken)}${setFaultsForm(faults, session.csrfToken)}`,
      consoleHeader(session.csrfToken),
    );
  }

  @Post('clock')
  async advance(@Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    await this.sandboxClock();
    const text = (stringFields(body).seconds ?? '').trim();
    const request = await validateBody(AdvanceClockRequest, { seconds: text === '' ? undefined : Number(text) });
    await this.advanceClock.execute({ seconds: request.seconds });
    await redirect(reply, withNotice(SANDBOX_PATH, 'clock-advanced'));
  }

  @Post('faults')
  async faults(@Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    await this.sandboxClock();
    const fields = stringFields(body);
    const bankId = (fields.bankId ?? '').trim();
    if (bankId === '') throw new GatewayError('Field.Expected', { message: 'Choose a bank.', paths: ['bankId'] });
    await this.setFaults.execute({ bankId, faults: faultsOf(fields) });
    await redirect(reply, withNotice(SANDBOX_PATH, 'faults-set'));
  }

  /** The service clock; the section is not there (404) when the gateway does not run in sandbox. */
  private async sandboxClock(): Promise<AdvancedClock> {
    const clock = await this.readClock.execute();
    if (clock === undefined)
      throw GatewayError.notFound('sandbox', 'The sandbox section is only there when the gateway runs in sandbox.');
    return clock;
  }
}
