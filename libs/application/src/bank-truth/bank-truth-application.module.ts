import { Module } from '@nestjs/common';
import { ListOperatorEventsUseCase } from './list-operator-events.usecase.js';
import { ListOutcomeChecksUseCase } from './list-outcome-checks.usecase.js';
import { OutcomeChecks } from './outcome-checks.js';

const PROVIDED = [OutcomeChecks, ListOutcomeChecksUseCase, ListOperatorEventsUseCase];

/**
 * The rule for unknown bank outcomes (OutcomeChecks), for the domains' modules to import, and the
 * operators' reads of the checks and their events.
 */
@Module({ providers: PROVIDED, exports: PROVIDED })
export class BankTruthApplicationModule {}
