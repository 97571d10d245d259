import { Module } from '@nestjs/common';
import { MemberKeysController } from './member-keys.controller.js';
import { MemberKeysUseCasesModule } from './member-keys-usecases.module.js';

/** The member's key routes on the public port. */
@Module({
  imports: [MemberKeysUseCasesModule],
  controllers: [MemberKeysController],
})
export class KeysModule {}
