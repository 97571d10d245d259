import { Injectable } from '@nestjs/common';
import { SettlementReconciliationRepository } from '#libs/db';
import { renderTransfer, type TransferResource } from '../../transfers/transfer-view.js';
import { adminPageOf, type AdminPage, type ReconciliationListCommand } from './reconciliation-page.js';

/**
 * GET /admin/settlement/awaiting-settlement-transfers: Payments v1 transfers to settlement
 * accounts at SETTLEMENT_IN_PROGRESS, oldest first.
 */
@Injectable()
export class ListTransfersAwaitingSettlementUseCase {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async execute(command: ReconciliationListCommand): Promise<AdminPage<TransferResource>> {
    const { memberId, offset, limit } = command;
    return adminPageOf(await this.reconciliation.listAwaitingTransfers(memberId, offset, limit), offset, limit, (row) =>
      renderTransfer(row),
    );
  }
}
