import { Module } from '@nestjs/common';
import { LogosController } from './logos.controller.js';

/** Bank logos on the public port: GET /logos/{bankId}.svg and /logos/{bankId}.full.svg. */
@Module({ controllers: [LogosController] })
export class LogosModule {}
