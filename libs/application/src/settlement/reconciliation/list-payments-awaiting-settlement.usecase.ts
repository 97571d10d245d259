import { Injectable } from '@nestjs/common';
import { SettlementReconciliationRepository } from '#libs/db';
import { renderPayment, type PaymentResource } from '../../payments/payment-view.js';
import { adminPageOf, type AdminPage, type ReconciliationListCommand } from './reconciliation-page.js';

/** GET /admin/settlement/awaiting-settlement: payments to settlement accounts at SETTLEMENT_IN_PROGRESS, oldest first. */
@Injectable()
export class ListPaymentsAwaitingSettlementUseCase {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async execute(command: ReconciliationListCommand): Promise<AdminPage<PaymentResource>> {
    const { memberId, offset, limit } = command;
    return adminPageOf(
      await this.reconciliation.listAwaitingSettlement(memberId, offset, limit),
      offset,
      limit,
      (row) => renderPayment(row),
    );
  }
}
