import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MatchCreditUseCase,
  ReconciliationQueries,
  type AdminPage,
  type CreditView,
  type MatchedCredit,
  type PaymentResource,
} from '#libs/application';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { MatchCreditRequest, ReconciliationListQuery, pageOf } from './reconciliation-admin.dto.js';

/** Reconciliation of settlement-account credits with payments, for operators (docs/reconciliation.md). */
@ApiTags('Admin: settlement reconciliation')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/settlement')
export class ReconciliationAdminController {
  constructor(
    private readonly queries: ReconciliationQueries,
    private readonly matches: MatchCreditUseCase,
  ) {}

  @Get('unmatched-credits')
  @ApiOperation({
    summary: 'Credits no payment took (newest first): payins of their own, or waiting for a manual match.',
  })
  unmatchedCredits(@Query() query: ReconciliationListQuery): Promise<AdminPage<CreditView>> {
    const { offset, limit } = pageOf(query);
    return this.queries.unmatchedCredits(query.memberId, offset, limit);
  }

  @Get('awaiting-settlement')
  @ApiOperation({ summary: 'Payments to settlement accounts at SETTLEMENT_IN_PROGRESS (oldest first).' })
  awaitingSettlement(@Query() query: ReconciliationListQuery): Promise<AdminPage<PaymentResource>> {
    const { offset, limit } = pageOf(query);
    return this.queries.awaitingSettlement(query.memberId, offset, limit);
  }

  @Post('matches')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Match a credit with a payment through the worker's rules: same amount SETTLEMENT_COMPLETED, another SETTLEMENT_INCOMPLETE. 400 for another member, account or currency; 409 for a credit already matched or a final payment.",
  })
  @ApiBody({
    type: MatchCreditRequest,
    examples: { 'Match a credit': { value: { creditId: 'st:4LwJ2m', paymentId: 'pm2:3xQ7N' } } },
  })
  async match(@Body() body: MatchCreditRequest): Promise<{ match: MatchedCredit }> {
    return { match: await this.matches.execute(body) };
  }
}
