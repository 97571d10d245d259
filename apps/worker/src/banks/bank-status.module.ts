import { Module } from '@nestjs/common';
import { BanksApplicationModule } from '#libs/application';
import { ProbeBankStatusProcessor } from './probe-bank-status.processor.js';

/** Bank status probes (timers queue), recorded with their outage events. */
@Module({ imports: [BanksApplicationModule], providers: [ProbeBankStatusProcessor] })
export class BankStatusModule {}
