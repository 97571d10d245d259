import { Module } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { MemberKeysUseCases } from './member-keys.usecases.js';

/**
 * The members' public keys as use cases, without routes: the admin API imports this one, so the
 * member routes of KeysModule are never mounted on the admin port.
 */
@Module({
  providers: [MemberKeysUseCases, CredentialChanges],
  exports: [MemberKeysUseCases],
})
export class MemberKeysUseCasesModule {}
