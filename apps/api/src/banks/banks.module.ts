import { Module } from '@nestjs/common';
import { BanksApplicationModule } from '#libs/application';
import { BanksController } from './banks.controller.js';

/** The bank catalogue as the interface lists it: GET /banks, GET /v2/banks, GET /bank/countries. */
@Module({ imports: [BanksApplicationModule], controllers: [BanksController] })
export class BanksModule {}
