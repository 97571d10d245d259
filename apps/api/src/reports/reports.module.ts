import { Module } from '@nestjs/common';
import { BankStatusUseCases } from './bank-status.usecases.js';
import { ReportsController } from './reports.controller.js';

/** Reports: GET /reports/banks/status and GET /reports/banks/{bankId}/status. */
@Module({ controllers: [ReportsController], providers: [BankStatusUseCases] })
export class ReportsModule {}
