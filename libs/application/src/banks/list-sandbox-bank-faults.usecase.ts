import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { BankRepository } from '#libs/db';
import { SandboxBankFaultsClient, type SandboxFaults } from './sandbox-bank-faults.client.js';
import { sandboxFaultSubjects, type SandboxFaultSubject } from './sandbox-fault-subjects.js';

/** One subject's faults as the sandbox bank reports them, or why they could not be read. */
export interface SandboxBankFaultsRow extends SandboxFaultSubject {
  readonly faults?: SandboxFaults;
  readonly error?: string;
}

/** Sandbox only: the faults the sandbox bank injects into each of its banks (read from it, side by side). */
@Injectable()
export class ListSandboxBankFaultsUseCase {
  constructor(
    private readonly banks: BankRepository,
    private readonly client: SandboxBankFaultsClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<SandboxBankFaultsRow[]> {
    if (this.config.environment !== 'sandbox')
      throw new GatewayError('PermissionDenied', { message: 'Faults are only injected in sandbox.' });
    const subjects = await sandboxFaultSubjects(this.banks, this.config);
    return Promise.all(
      subjects.map((subject) =>
        this.client.read(subject.id).then(
          (faults): SandboxBankFaultsRow => ({ ...subject, faults }),
          (error: unknown): SandboxBankFaultsRow => ({
            ...subject,
            error: error instanceof GatewayError ? error.message : 'The sandbox bank could not be read.',
          }),
        ),
      ),
    );
  }
}
