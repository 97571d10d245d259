import { Injectable } from '@nestjs/common';
import type { PayoutInitiationInput } from '#libs/domain';
import { PayoutInitiation, type PayoutMember } from './payout-initiation.js';
import { renderPayout, type PayoutResource } from './payout-view.js';

/** POST /payouts as received: the member and the body, checked by the use case field by field. */
export interface InitiatePayoutRequestCommand {
  readonly member: PayoutMember;
  /** The POST /payouts body, its shape checked by its DTO; its rules are checked here. */
  readonly initiation: PayoutInitiationInput;
}

/**
 * POST /payouts: the initiation of the body, its shape checked, made by PayoutInitiation (its
 * rules, the ledger reservation, the payout stored with its event and its timer, which has the
 * worker send it).
 */
@Injectable()
export class InitiatePayoutUseCase {
  constructor(private readonly initiation: PayoutInitiation) {}

  async execute(command: InitiatePayoutRequestCommand): Promise<{ payout: PayoutResource }> {
    const payout = await this.initiation.initiate({ member: command.member, initiation: command.initiation });
    return { payout: renderPayout(payout) };
  }
}
