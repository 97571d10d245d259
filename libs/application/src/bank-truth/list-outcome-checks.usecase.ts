import { Injectable } from '@nestjs/common';
import { OutcomeCheckRepository } from '#libs/db';
import type { OutcomeKind } from '#libs/domain';
import { operatorPaging, outcomeCheckView } from './outcome-check-views.js';

export interface ListOutcomeChecksCommand {
  readonly flagged?: boolean;
  readonly kind?: OutcomeKind;
  readonly offset: number;
  readonly limit: number;
}

/** GET /admin/outcome-checks: the open checks (oldest first), or those flagged for an operator. */
@Injectable()
export class ListOutcomeChecksUseCase {
  constructor(private readonly checks: OutcomeCheckRepository) {}

  async execute(command: ListOutcomeChecksCommand) {
    const rows = await this.checks.list(command);
    return {
      outcomeChecks: rows.map(outcomeCheckView),
      paging: operatorPaging(rows.length, command.offset, command.limit),
    };
  }
}
