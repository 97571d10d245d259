import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SettlementReconciliationRepository, TransferRepository } from '#libs/db';
import { renderTransfer, type TransferResource } from '../../transfers/transfer-view.js';
import { creditView, type CreditView } from './credit-view.js';

export interface GetTransferSettlementCommand {
  readonly transferId: string;
}

/** A Payments v1 transfer to a settlement account with the credits booked against it. */
export interface TransferSettlementView {
  readonly transfer: TransferResource;
  readonly credits: readonly CreditView[];
}

/**
 * GET /admin/settlement/transfers/{transferId}: a Payments v1 transfer to a settlement account and
 * the credits booked against it; 404 for any other id.
 */
@Injectable()
export class GetTransferSettlementUseCase {
  constructor(
    private readonly reconciliation: SettlementReconciliationRepository,
    private readonly transfers: TransferRepository,
  ) {}

  async execute(command: GetTransferSettlementCommand): Promise<TransferSettlementView> {
    const { transferId } = command;
    const transfer = await this.transfers.findById(transferId);
    if (transfer === null || transfer.virtualAccountId === null)
      throw GatewayError.notFound(transferId, `Transfer ${transferId} to a settlement account not found.`);
    const credits = await this.reconciliation.creditsBookedAgainst({ transferId });
    return { transfer: renderTransfer(transfer), credits: credits.map(creditView) };
  }
}
