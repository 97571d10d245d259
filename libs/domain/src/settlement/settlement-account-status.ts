import { defineStatusMachine, type TransitionTable } from '../status-machine/status-machine.js';

/**
 * The statuses a settlement account's provider reports for an open account (the reference's
 * VirtualAccount.Status; INVALID, its unset default, is never reported).
 */
export const SETTLEMENT_ACCOUNT_PROVIDER_STATUSES = ['ACTIVE', 'CLOSED', 'BLOCKED', 'CLIENT_BLOCKED'] as const;
export type SettlementAccountProviderStatus = (typeof SETTLEMENT_ACCOUNT_PROVIDER_STATUSES)[number];

/**
 * Every status a stored settlement account has: OPENING while its provider has not answered (never
 * shown to the member, never read for credits), the provider's status once it opened the account,
 * REFUSED when the provider refused, failed or did not answer (kept for the record, never shown).
 */
export const SETTLEMENT_ACCOUNT_STATUSES = ['OPENING', ...SETTLEMENT_ACCOUNT_PROVIDER_STATUSES, 'REFUSED'] as const;
export type SettlementAccountStatus = (typeof SETTLEMENT_ACCOUNT_STATUSES)[number];

/**
 * The settlement account status machine: an OPENING account takes the status its provider gave
 * it as it opened the account, or REFUSED. The gateway records the provider's status once, when
 * the account opens, and never follows a later change of it, so the provider's statuses are final
 * here, as REFUSED is.
 */
export const SETTLEMENT_ACCOUNT_TRANSITIONS: TransitionTable<SettlementAccountStatus> = {
  OPENING: [...SETTLEMENT_ACCOUNT_PROVIDER_STATUSES, 'REFUSED'],
  ACTIVE: [],
  CLOSED: [],
  BLOCKED: [],
  CLIENT_BLOCKED: [],
  REFUSED: [],
};

export const settlementAccountStatusMachine = defineStatusMachine('settlement account', SETTLEMENT_ACCOUNT_TRANSITIONS);

/** Whether the account was opened at its provider (its status the provider's): the member sees it and it is read for credits. */
export function isSettlementAccountOpened(status: SettlementAccountStatus): status is SettlementAccountProviderStatus {
  return (SETTLEMENT_ACCOUNT_PROVIDER_STATUSES as readonly string[]).includes(status);
}
