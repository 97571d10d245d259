import type { AppConfig } from '#libs/common';
import type { BankRepository } from '#libs/db';
import { reachesSandboxBank } from './sandbox-bank-entries.js';

/** What the sandbox bank injects faults into: one of its banks, or the settlement provider it hosts. */
export interface SandboxFaultSubject {
  readonly id: string;
  readonly name: string;
}

/**
 * The catalogue's banks served by the sandbox bank (their connector reaches SANDBOX_BANK_URL),
 * by id, then the settlement provider when it is the sandbox bank's.
 */
export async function sandboxFaultSubjects(
  banks: BankRepository,
  config: Pick<AppConfig, 'sandboxBankUrl' | 'settlement'>,
): Promise<SandboxFaultSubject[]> {
  const listed = (await banks.listListed())
    .filter((bank) => reachesSandboxBank(bank.connectorSettings, config.sandboxBankUrl))
    .map((bank) => ({ id: bank.id, name: bank.name }));
  const provider = config.settlement.sandbox;
  return reachesSandboxBank(provider.baseUrl, config.sandboxBankUrl)
    ? [...listed, { id: provider.providerId, name: 'Settlement provider' }]
    : listed;
}
