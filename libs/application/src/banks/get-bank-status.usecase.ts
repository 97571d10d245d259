import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { BankRepository, BankStatusRepository } from '#libs/db';
import { toBankStatusEntry, type BankStatusEntry } from './bank-status-entry.js';

export interface GetBankStatusCommand {
  readonly bankId: string;
}

/** The probed status of one listed bank; 404 for a bank not listed. */
@Injectable()
export class GetBankStatusUseCase {
  constructor(
    private readonly banks: BankRepository,
    private readonly statuses: BankStatusRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ bankId }: GetBankStatusCommand): Promise<BankStatusEntry> {
    const bank = await this.banks.find(bankId);
    if (bank === null || !bank.listed) throw GatewayError.notFound(bankId, `Bank ${bankId} not found.`);
    const status = await this.statuses.find(bank.id);
    return toBankStatusEntry(bank, status ?? undefined, this.clock.now().getTime());
  }
}
