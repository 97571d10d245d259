import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { RefundRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { ListRefundsUseCase, type RefundsPage } from './list-refunds.usecase.js';

export interface ListTransferRefundsCommand {
  readonly memberId: MemberId;
  readonly transferId: string;
  readonly limit: number;
  readonly offset?: string;
}

/**
 * GET /transfers/{id}/refunds: the refunds of the member's transfer (or Payments v2 payment);
 * 404 for another member's or an unknown id.
 */
@Injectable()
export class ListTransferRefundsUseCase {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly list: ListRefundsUseCase,
  ) {}

  async execute(command: ListTransferRefundsCommand): Promise<RefundsPage> {
    const { memberId, transferId, ...page } = command;
    if (!(await this.refunds.memberHasOriginal(memberId, transferId)))
      throw GatewayError.notFound(transferId, `Transfer ${transferId} not found.`);
    return this.list.execute({ ...page, memberId, filter: { originalPaymentId: transferId } });
  }
}
