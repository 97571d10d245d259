import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { BankRepository } from '#libs/db';
import { SandboxBankFaultsClient, type SandboxFaults } from './sandbox-bank-faults.client.js';
import { sandboxFaultSubjects } from './sandbox-fault-subjects.js';

export interface SetSandboxBankFaultsCommand {
  readonly bankId: string;
  /** Replaces the bank's faults as a whole (all zero and no operations: none). */
  readonly faults: SandboxFaults;
}

/** Sandbox only: sets the faults the sandbox bank injects into one of its banks; answers them as it stored them. */
@Injectable()
export class SetSandboxBankFaultsUseCase {
  constructor(
    private readonly banks: BankRepository,
    private readonly client: SandboxBankFaultsClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ bankId, faults }: SetSandboxBankFaultsCommand): Promise<SandboxFaults> {
    if (this.config.environment !== 'sandbox')
      throw new GatewayError('PermissionDenied', { message: 'Faults are only injected in sandbox.' });
    const subjects = await sandboxFaultSubjects(this.banks, this.config);
    if (!subjects.some((subject) => subject.id === bankId))
      throw GatewayError.notFound(bankId, `No sandbox bank ${bankId}.`);
    return this.client.write(bankId, faults);
  }
}
