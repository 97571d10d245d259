import { Injectable } from '@nestjs/common';
import { SettlementReconciliationRepository, type CreditFilter } from '#libs/db';
import { creditView, type CreditView } from './credit-view.js';
import { adminPageOf, type AdminPage } from './reconciliation-page.js';

export interface ListCreditsCommand {
  /** Which credits (every credit when empty): of a member, in a state, booked against a payment or transfer. */
  readonly filter: CreditFilter;
  readonly offset: number;
  readonly limit: number;
}

/**
 * GET /admin/settlement/credits: credits in every state (or as the filter asks), newest booked
 * first, each naming what it is booked against.
 */
@Injectable()
export class ListCreditsUseCase {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async execute(command: ListCreditsCommand): Promise<AdminPage<CreditView>> {
    const { filter, offset, limit } = command;
    return adminPageOf(await this.reconciliation.listCredits(filter, offset, limit), offset, limit, creditView);
  }
}
