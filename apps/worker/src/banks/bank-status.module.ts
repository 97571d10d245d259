import { Module } from '@nestjs/common';
import { ProbeBankStatusProcessor } from './probe-bank-status.processor.js';

/** Bank status probes (timers queue), recorded with their outage events. */
@Module({ providers: [ProbeBankStatusProcessor] })
export class BankStatusModule {}
