import { Module } from '@nestjs/common';
import { BanksApplicationModule } from '#libs/application';
import { LogosController } from './logos.controller.js';

/** Bank logos on the public port: GET /logos/{bankId}.svg and /logos/{bankId}.full.svg. */
@Module({ imports: [BanksApplicationModule], controllers: [LogosController] })
export class LogosModule {}
