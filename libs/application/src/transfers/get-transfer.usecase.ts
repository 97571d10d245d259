import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { TransferRepository, type Transfer } from '#libs/db';
import { isBankFinalTransferStatus, type MemberId } from '#libs/domain';
import { TransferPolling } from './poll-transfer.js';
import { renderTransfer, type TransferResource } from './transfer-view.js';

export interface GetTransferCommand {
  readonly memberId: MemberId;
  readonly transferId: string;
  /** Answer the stored transfer without asking its bank first. */
  readonly skipTransferUpdate: boolean;
}

/**
 * GET /transfers/{transferId}: the member's transfer (404 for any other id). Unless the caller
 * asks to skip it, a transfer whose bank part is not over is first brought up to date with the
 * bank (a change is recorded with its TRANSFER_STATUS_CHANGED event, as a timer's poll would).
 */
@Injectable()
export class GetTransferUseCase {
  constructor(
    private readonly transfers: TransferRepository,
    private readonly polling: TransferPolling,
  ) {}

  /** The resource's columns first; the whole row only for a transfer the bank may still move. */
  async execute({ memberId, transferId, skipTransferUpdate }: GetTransferCommand): Promise<TransferResource> {
    const view = await this.transfers.findViewForMember(memberId, transferId);
    if (view === null) throw GatewayError.notFound(transferId, `Transfer ${transferId} not found.`);
    if (skipTransferUpdate || isBankFinalTransferStatus(view.status)) return renderTransfer(view);
    const transfer = await this.find(memberId, transferId);
    const refreshed = await this.polling.refresh(transfer);
    return renderTransfer(refreshed?.kind === 'changed' ? refreshed.transfer : await this.find(memberId, transferId));
  }

  /** The whole row, or a 404. */
  private async find(memberId: MemberId, transferId: string): Promise<Transfer> {
    const transfer = await this.transfers.findForMember(memberId, transferId);
    if (transfer === null) throw GatewayError.notFound(transferId, `Transfer ${transferId} not found.`);
    return transfer;
  }
}
