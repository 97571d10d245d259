import { Module } from '@nestjs/common';
import { BanksController } from './banks.controller.js';
import { ListBankCountriesUseCase } from './list-bank-countries.usecase.js';
import { ListBanksUseCase } from './list-banks.usecase.js';

/** The bank catalogue as the interface lists it: GET /banks, GET /v2/banks, GET /bank/countries. */
@Module({ controllers: [BanksController], providers: [ListBanksUseCase, ListBankCountriesUseCase] })
export class BanksModule {}
