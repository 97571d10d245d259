import { Module } from '@nestjs/common';
import { BanksApplicationModule } from '#libs/application';
import { ReportsController } from './reports.controller.js';

/** Reports: GET /reports/banks/status and GET /reports/banks/{bankId}/status. */
@Module({ imports: [BanksApplicationModule], controllers: [ReportsController] })
export class ReportsModule {}
