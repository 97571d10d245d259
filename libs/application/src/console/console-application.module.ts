import { Module } from '@nestjs/common';
import { ConsoleSessions } from './console-sessions.js';
import { FindResourcesUseCase } from './find-resources.usecase.js';
import { ReadConsoleOverviewUseCase } from './read-console-overview.usecase.js';
import { ReadConsoleResourceUseCase } from './read-console-resource.usecase.js';

/** The operations console's sessions and reads. */
@Module({
  providers: [ConsoleSessions, FindResourcesUseCase, ReadConsoleResourceUseCase, ReadConsoleOverviewUseCase],
  exports: [ConsoleSessions, FindResourcesUseCase, ReadConsoleResourceUseCase, ReadConsoleOverviewUseCase],
})
export class ConsoleApplicationModule {}
