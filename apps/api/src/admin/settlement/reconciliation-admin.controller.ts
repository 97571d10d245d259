import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  GetCreditUseCase,
  GetPaymentSettlementUseCase,
  GetTransferSettlementUseCase,
  ListCreditsUseCase,
  ListPaymentsAwaitingSettlementUseCase,
  ListTransfersAwaitingSettlementUseCase,
  ListUnmatchedCreditsUseCase,
  MatchCreditUseCase,
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
import {
  CreditListQuery,
  MatchCreditRequest,
  ReconciliationListQuery,
  toListCreditsCommand,
  toReconciliationListCommand,
} from './reconciliation-admin.dto.js';

/** Reconciliation of settlement-account credits with payments, for operators (docs/reconciliation.md). */
@ApiTags('Admin: settlement reconciliation')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/settlement')
export class ReconciliationAdminController {
  constructor(
    private readonly listUnmatched: ListUnmatchedCreditsUseCase,
    private readonly listCredits: ListCreditsUseCase,
    private readonly getCredit: GetCreditUseCase,
    private readonly getPaymentSettlement: GetPaymentSettlementUseCase,
    private readonly getTransferSettlement: GetTransferSettlementUseCase,
    private readonly listAwaitingPayments: ListPaymentsAwaitingSettlementUseCase,
    private readonly listAwaitingTransfers: ListTransfersAwaitingSettlementUseCase,
    private readonly matches: MatchCreditUseCase,
  ) {}

  @Get('unmatched-credits')
  @ApiOperation({
    summary: 'Credits no payment took (newest first): payins of their own, or waiting for a manual match.',
  })
  unmatchedCredits(@Query() query: ReconciliationListQuery): Promise<AdminPage<CreditView>> {
    return this.listUnmatched.execute(toReconciliationListCommand(query));
  }

  @Get('credits')
  @ApiOperation({
    summary:
      'Credits in every reconciliation state (newest first), each with the paymentId or transferId it is booked against; filtered by member, state, payment or transfer.',
  })
  credits(@Query() query: CreditListQuery): Promise<AdminPage<CreditView>> {
    return this.listCredits.execute(toListCreditsCommand(query));
  }

  @Get('credits/:creditId')
  @ApiOperation({ summary: 'One credit, with the paymentId or transferId it is booked against.' })
  credit(@Param('creditId') creditId: string): Promise<{ credit: CreditView }> {
    return this.getCredit.execute({ creditId });
  }

  @Get('payments/:paymentId')
  @ApiOperation({
    summary:
      'A payment to a settlement account with the credits booked against it (oldest first): MATCHED the ones that settled it, MISMATCHED the others.',
  })
  paymentSettlement(@Param('paymentId') paymentId: string): Promise<PaymentSettlementView> {
    return this.getPaymentSettlement.execute({ paymentId });
  }

  @Get('transfers/:transferId')
  @ApiOperation({
    summary: 'A Payments v1 transfer to a settlement account with the credits booked against it (oldest first).',
  })
  transferSettlement(@Param('transferId') transferId: string): Promise<TransferSettlementView> {
    return this.getTransferSettlement.execute({ transferId });
  }

  @Get('awaiting-settlement')
  @ApiOperation({ summary: 'Payments to settlement accounts at SETTLEMENT_IN_PROGRESS (oldest first).' })
  awaitingSettlement(@Query() query: ReconciliationListQuery): Promise<AdminPage<PaymentResource>> {
    return this.listAwaitingPayments.execute(toReconciliationListCommand(query));
  }

  @Get('awaiting-settlement-transfers')
  @ApiOperation({ summary: 'Payments v1 transfers to settlement accounts at SETTLEMENT_IN_PROGRESS (oldest first).' })
  awaitingTransfers(@Query() query: ReconciliationListQuery): Promise<AdminPage<TransferResource>> {
    return this.listAwaitingTransfers.execute(toReconciliationListCommand(query));
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
      return { match: await this.matches.execute({ kind: 'transfer', creditId, transferId }) };
    if (typeof paymentId === 'string')
      return { match: await this.matches.execute({ kind: 'payment', creditId, paymentId }) };
    throw GatewayError.invalidField('paymentId', 'paymentId or transferId is required');
  }
}
