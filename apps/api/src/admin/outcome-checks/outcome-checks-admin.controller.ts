import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListOperatorEventsUseCase, ListOutcomeChecksUseCase, ResolveOutcomeCheckUseCase } from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import {
  OperatorEventListQuery,
  OutcomeCheckListQuery,
  ResolveOutcomeCheckRequest,
  pageOf,
} from './outcome-checks-admin.dto.js';

/**
 * Resources whose bank outcome is unknown (docs/architecture.md, "When the bank does not
 * answer"): the open checks, those flagged for an operator, the operator events, and an
 * operator's resolution.
 */
@ApiTags('Admin: unknown bank outcomes')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin')
export class OutcomeChecksAdminController {
  constructor(
    private readonly listChecks: ListOutcomeChecksUseCase,
    private readonly listEvents: ListOperatorEventsUseCase,
    private readonly resolveCheck: ResolveOutcomeCheckUseCase,
  ) {}

  @Get('outcome-checks')
  @ApiOperation({
    summary:
      'Money-moving calls whose bank answer is unknown (oldest first), still asked again with backoff; flagged=true: those past the limit, flagged for an operator.',
  })
  async list(@Query() query: OutcomeCheckListQuery) {
    const { offset, limit } = pageOf(query);
    return this.listChecks.execute({
      ...(query.flagged === undefined ? {} : { flagged: query.flagged === 'true' }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
      offset,
      limit,
    });
  }

  @Post('outcome-checks/:kind/:resourceId/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "An operator's decision: the check ends (the gateway stops asking) with the reason kept as an OUTCOME_CHECK_RESOLVED operator event; for payouts and refunds an optional outcome (EXECUTED, NOT_EXECUTED) ends the resource as found, in the same transaction. 404 when no check is open.",
  })
  async resolve(
    @Param('kind') kind: string,
    @Param('resourceId') resourceId: string,
    @Body() body: ResolveOutcomeCheckRequest,
  ) {
    return this.resolveCheck.execute({ kind, resourceId, reason: body.reason, outcome: body.outcome });
  }

  @Get('operator-events')
  @ApiOperation({ summary: 'Operator events (newest first): OUTCOME_UNKNOWN_FLAGGED and OUTCOME_CHECK_RESOLVED.' })
  async events(@Query() query: OperatorEventListQuery) {
    const { offset, limit } = pageOf(query);
    return this.listEvents.execute({
      ...(query.resourceId === undefined ? {} : { resourceId: query.resourceId }),
      offset,
      limit,
    });
  }
}
