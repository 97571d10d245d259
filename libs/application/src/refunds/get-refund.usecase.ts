import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { RefundRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderRefund, type RefundResource } from './refund-view.js';

export interface GetRefundCommand {
  readonly memberId: MemberId;
  readonly id: string;
}

/** GET /refunds/{id}: one of the member's refunds; 404 otherwise. */
@Injectable()
export class GetRefundUseCase {
  constructor(private readonly refunds: RefundRepository) {}

  async execute(command: GetRefundCommand): Promise<{ refund: RefundResource }> {
    const refund = await this.refunds.findViewForMember(command.memberId, command.id);
    if (refund === null) throw GatewayError.notFound(command.id, `Refund ${command.id} not found.`);
    return { refund: renderRefund(refund) };
  }
}
