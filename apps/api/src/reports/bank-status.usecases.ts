import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { BankRepository, BankStatusRepository } from '#libs/db';
import {
  toBankStatusEntry,
  toBanksStatusEntry,
  type BankStatusEntry,
  type BanksStatusEntry,
} from './bank-status.view.js';

/** The probed status of listed banks (the worker's banks.probe-status job writes it). */
@Injectable()
export class BankStatusUseCases {
  constructor(
    private readonly banks: BankRepository,
    private readonly statuses: BankStatusRepository,
    private readonly clock: Clock,
  ) {}

  async list(bankIds: readonly string[] | undefined): Promise<BanksStatusEntry[]> {
    const wanted = bankIds === undefined ? undefined : new Set(bankIds.map((id) => id.toLowerCase()));
    const listed = (await this.banks.listListed()).filter(
      (bank) => wanted === undefined || wanted.has(bank.id.toLowerCase()),
    );
    const statuses = new Map((await this.statuses.list(listed.map((bank) => bank.id))).map((row) => [row.bankId, row]));
    const nowMs = this.clock.now().getTime();
    return listed.map((bank) => toBanksStatusEntry(bank, statuses.get(bank.id), nowMs));
  }

  async get(bankId: string): Promise<BankStatusEntry> {
    const bank = await this.banks.find(bankId);
    if (bank === null || !bank.listed) throw GatewayError.notFound(bankId, `Bank ${bankId} not found.`);
    const status = await this.statuses.find(bank.id);
    return toBankStatusEntry(bank, status ?? undefined, this.clock.now().getTime());
  }
}
