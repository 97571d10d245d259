import { Module } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { MemberKeysController } from './member-keys.controller.js';
import { MemberKeysUseCases } from './member-keys.usecases.js';

@Module({
  controllers: [MemberKeysController],
  providers: [MemberKeysUseCases, CredentialChanges],
  exports: [MemberKeysUseCases],
})
export class KeysModule {}
