import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SettlementReconciliationRepository } from '#libs/db';
import { creditView, type CreditView } from './credit-view.js';

export interface GetCreditCommand {
  readonly creditId: string;
}

/** GET /admin/settlement/credits/{creditId}: one credit, with what it is booked against; 404 for an unknown id (or a debit). */
@Injectable()
export class GetCreditUseCase {
  constructor(private readonly reconciliation: SettlementReconciliationRepository) {}

  async execute(command: GetCreditCommand): Promise<{ credit: CreditView }> {
    const row = await this.reconciliation.findCredit(command.creditId);
    if (row === null) throw GatewayError.notFound(command.creditId, `Credit ${command.creditId} not found.`);
    return { credit: creditView(row) };
  }
}
