import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MatchCreditUseCase,
  ReconciliationQueries,
  type AdminPage,
  type CreditView,
  type MatchedCredit,
  type MatchedTransferCredit,
  type PaymentResource,
  type PaymentSettlementView,
  type TransferResource,
  type TransferSettlementView,
} from '#libs/application';
import { GatewayError } from '#libs/common';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { CreditListQuery, MatchCreditRequest, ReconciliationListQuery, pageOf } from './reconciliation-admin.dto.js';

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

  @Get('credits')
  @ApiOperation({
    summary:
      'Credits in every reconciliation state (newest first), each with the paymentId or transferId it is booked against; filtered by member, state, payment or transfer.',
  })
  credits(@Query() query: CreditListQuery): Promise<AdminPage<CreditView>> {
    const { offset, limit } = pageOf(query);
    const { memberId, reconciliationState, paymentId, transferId } = query;
    return this.queries.credits(
      {
        ...(memberId === undefined ? {} : { memberId }),
        ...(reconciliationState === undefined ? {} : { reconciliationState }),
        ...(paymentId === undefined ? {} : { paymentId }),
        ...(transferId === undefined ? {} : { transferId }),
      },
      offset,
      limit,
    );
  }

  @Get('credits/:creditId')
  @ApiOperation({ summary: 'One credit, with the paymentId or transferId it is booked against.' })
  async credit(@Param('creditId') creditId: string): Promise<{ credit: CreditView }> {
    return { credit: await this.queries.credit(creditId) };
  }

  @Get('payments/:paymentId')
  @ApiOperation({
    summary:
      'A payment to a settlement account with the credits booked against it (oldest first): MATCHED the ones that settled it, MISMATCHED the others.',
  })
  paymentSettlement(@Param('paymentId') paymentId: string): Promise<PaymentSettlementView> {
    return this.queries.paymentSettlement(paymentId);
  }

  @Get('transfers/:transferId')
  @ApiOperation({
    summary: 'A Payments v1 transfer to a settlement account with the credits booked against it (oldest first).',
  })
  transferSettlement(@Param('transferId') transferId: string): Promise<TransferSettlementView> {
    return this.queries.transferSettlement(transferId);
  }

  @Get('awaiting-settlement')
  @ApiOperation({ summary: 'Payments to settlement accounts at SETTLEMENT_IN_PROGRESS (oldest first).' })
  awaitingSettlement(@Query() query: ReconciliationListQuery): Promise<AdminPage<PaymentResource>> {
    const { offset, limit } = pageOf(query);
    return this.queries.awaitingSettlement(query.memberId, offset, limit);
  }

  @Get('awaiting-settlement-transfers')
  @ApiOperation({ summary: 'Payments v1 transfers to settlement accounts at SETTLEMENT_IN_PROGRESS (oldest first).' })
  awaitingTransfers(@Query() query: ReconciliationListQuery): Promise<AdminPage<TransferResource>> {
    const { offset, limit } = pageOf(query);
    return this.queries.awaitingTransfers(query.memberId, offset, limit);
  }

  @Post('matches')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Match a credit with a payment (paymentId) or a Payments v1 transfer (transferId) through the worker's rules: the payment's amount, or the credits booked against it adding up to it with this one, settle it (SETTLEMENT_COMPLETED, MATCHED); another amount is booked against it (MISMATCHED) and it stays SETTLEMENT_IN_PROGRESS until its window ends. 400 for another member, account or currency; 409 for a credit already matched or one no longer awaiting settlement.",
  })
  @ApiBody({
    type: MatchCreditRequest,
    examples: {
      'Match a credit with a payment': { value: { creditId: 'st:4LwJ2m', paymentId: 'pm2:3xQ7N' } },
      'Match a credit with a transfer': { value: { creditId: 'st:4LwJ2m', transferId: 't:8Hc2QpX' } },
    },
  })
  async match(@Body() body: MatchCreditRequest): Promise<{ match: MatchedCredit | MatchedTransferCredit }> {
    const { creditId, paymentId, transferId } = body;
    // The body's checks let exactly one of paymentId and transferId through.
    if (typeof transferId === 'string')
      return { match: await this.matches.executeForTransfer({ creditId, transferId }) };
    if (typeof paymentId === 'string') return { match: await this.matches.execute({ creditId, paymentId }) };
    throw GatewayError.invalidField('paymentId', 'paymentId or transferId is required');
  }
}
