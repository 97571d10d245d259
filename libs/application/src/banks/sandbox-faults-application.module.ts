import { Module } from '@nestjs/common';
import { ListSandboxBankFaultsUseCase } from './list-sandbox-bank-faults.usecase.js';
import { SandboxBankFaultsClient } from './sandbox-bank-faults.client.js';
import { SetSandboxBankFaultsUseCase } from './set-sandbox-bank-faults.usecase.js';

const USE_CASES = [ListSandboxBankFaultsUseCase, SetSandboxBankFaultsUseCase];

/** Sandbox: the faults the sandbox bank injects, read and set over its admin API. */
@Module({ providers: [...USE_CASES, SandboxBankFaultsClient], exports: USE_CASES })
export class SandboxFaultsApplicationModule {}
