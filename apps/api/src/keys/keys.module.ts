import { Module } from '@nestjs/common';
import { MemberKeysController } from './member-keys.controller.js';
import { MemberKeysUseCases } from './member-keys.usecases.js';

@Module({ controllers: [MemberKeysController], providers: [MemberKeysUseCases], exports: [MemberKeysUseCases] })
export class KeysModule {}
