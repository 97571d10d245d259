import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PayoutRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderPayout, type PayoutResource } from './payout-view.js';

export interface GetPayoutCommand {
  readonly memberId: MemberId;
  readonly id: string;
}

/** GET /payouts/{id}: one of the member's payouts; 404 otherwise. */
@Injectable()
export class GetPayoutUseCase {
  constructor(private readonly payouts: PayoutRepository) {}

  async execute(command: GetPayoutCommand): Promise<{ payout: PayoutResource }> {
    const payout = await this.payouts.findViewForMember(command.memberId, command.id);
    if (payout === null) throw GatewayError.notFound(command.id, `Payout ${command.id} not found.`);
    return { payout: renderPayout(payout) };
  }
}
