import { Module } from '@nestjs/common';
import { BankCallsModule } from '../bank-calls/bank-calls.module.js';
import { GetBankStatusUseCase } from './get-bank-status.usecase.js';
import { ListBankCountriesUseCase } from './list-bank-countries.usecase.js';
import { ListBankStatusesUseCase } from './list-bank-statuses.usecase.js';
import { ListBanksUseCase } from './list-banks.usecase.js';
import { ProbeBankStatusUseCase } from './probe-bank-status.usecase.js';
import { GetBankLogoUseCase } from './get-bank-logo.usecase.js';

const PROVIDED = [
  ListBanksUseCase,
  ListBankCountriesUseCase,
  ListBankStatusesUseCase,
  GetBankStatusUseCase,
  ProbeBankStatusUseCase,
  GetBankLogoUseCase,
];

/** Banks: the catalogue as the lists show it, and the probed status of each bank (the probe the worker runs). */
@Module({
  imports: [BankCallsModule],
  providers: PROVIDED,
  exports: PROVIDED,
})
export class BanksApplicationModule {}
