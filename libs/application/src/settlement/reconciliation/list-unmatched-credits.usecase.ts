import { Injectable } from '@nestjs/common';
import { SettlementReconciliationRepository } from '#libs/db';
import { creditView, type CreditView } from './credit-view.js';
import { adminPageOf, type AdminPage, type ReconciliationListCommand } from './reconciliation-page.js';

/** GET /admin/settlement/unmatched-credits: credits no payment took, newest first. */
@Injectable()
export class ListUnmatchedCreditsUseCase {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async execute(command: ReconciliationListCommand): Promise<AdminPage<CreditView>> {
    const { memberId, offset, limit } = command;
    return adminPageOf(
      await this.reconciliation.listUnmatchedCredits(memberId, offset, limit),
      offset,
      limit,
      creditView,
    );
  }
}
