import { Injectable } from '@nestjs/common';
import { OutcomeCheckRepository } from '#libs/db';
import { operatorEventView, operatorPaging } from './outcome-check-views.js';

export interface ListOperatorEventsCommand {
  readonly resourceId?: string;
  readonly offset: number;
  readonly limit: number;
}

/** GET /admin/operator-events: the operator events, newest first. */
@Injectable()
export class ListOperatorEventsUseCase {
  constructor(private readonly checks: OutcomeCheckRepository) {}

  async execute(command: ListOperatorEventsCommand) {
    const rows = await this.checks.events(command);
    return {
      operatorEvents: rows.map(operatorEventView),
      paging: operatorPaging(rows.length, command.offset, command.limit),
    };
  }
}
