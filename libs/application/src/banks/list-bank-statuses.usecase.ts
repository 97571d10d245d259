import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { BankRepository, BankStatusRepository } from '#libs/db';
import { toBanksStatusEntry, type BanksStatusEntry } from './bank-status-entry.js';

export interface ListBankStatusesCommand {
  /** Bank ids, matched case-insensitively; every listed bank when absent. */
  readonly bankIds: readonly string[] | undefined;
}

/** The probed status of listed banks (the worker's banks.probe-status job writes it). */
@Injectable()
export class ListBankStatusesUseCase {
  constructor(
    private readonly banks: BankRepository,
    private readonly statuses: BankStatusRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ bankIds }: ListBankStatusesCommand): Promise<BanksStatusEntry[]> {
    const wanted = bankIds === undefined ? undefined : new Set(bankIds.map((id) => id.toLowerCase()));
    const listed = (await this.banks.listListed()).filter(
      (bank) => wanted === undefined || wanted.has(bank.id.toLowerCase()),
    );
    const statuses = new Map((await this.statuses.list(listed.map((bank) => bank.id))).map((row) => [row.bankId, row]));
    const nowMs = this.clock.now().getTime();
    return listed.map((bank) => toBanksStatusEntry(bank, statuses.get(bank.id), nowMs));
  }
}
