import { Module } from '@nestjs/common';
import { BankCallsModule } from '../bank-calls/bank-calls.module.js';
import { ConsoleSessions } from './console-sessions.js';
import { ReadBankCallHealthUseCase } from './read-bank-call-health.usecase.js';
import { FindResourcesUseCase } from './find-resources.usecase.js';
import { ReadConsoleOverviewUseCase } from './read-console-overview.usecase.js';
import { ReadConsoleResourceUseCase } from './read-console-resource.usecase.js';

const PROVIDED = [
  ConsoleSessions,
  FindResourcesUseCase,
  ReadConsoleResourceUseCase,
  ReadConsoleOverviewUseCase,
  ReadBankCallHealthUseCase,
];

/** The operations console's sessions and reads. */
@Module({ imports: [BankCallsModule], providers: PROVIDED, exports: PROVIDED })
export class ConsoleApplicationModule {}
