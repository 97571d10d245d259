import { Module } from '@nestjs/common';
import { OutcomeChecks } from './outcome-checks.js';

/** The rule for unknown bank outcomes (OutcomeChecks), for the domains' modules to import. */
@Module({ providers: [OutcomeChecks], exports: [OutcomeChecks] })
export class BankTruthApplicationModule {}
