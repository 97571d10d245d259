import { Module } from '@nestjs/common';
import { ConsoleSessions } from './console-sessions.js';
import { ReadPaymentFieldsUseCase } from './read-payment-fields.usecase.js';

/** The operations console's sessions and reads. */
@Module({
  providers: [ConsoleSessions, ReadPaymentFieldsUseCase],
  exports: [ConsoleSessions, ReadPaymentFieldsUseCase],
})
export class ConsoleApplicationModule {}
