import type { Bank, BankStatus } from '#libs/db';

export const SERVICE_STATUSES = ['LIVE', 'DOWN'] as const;
export type ServiceStatusName = (typeof SERVICE_STATUSES)[number];

/** A bank's reported status, as the status reports list it. */
export interface ReportedStatus {
  readonly aisStatus: ServiceStatusName;
  readonly pisStatus: ServiceStatusName;
  /** Milliseconds since the last status change, as a string; "0" for a bank never probed yet. */
  readonly lastUpdatedAt: string;
}

/** One bank of GET /reports/banks/status. */
export interface BanksStatusEntry extends ReportedStatus {
  readonly bankId: string;
}

/** The bank of GET /reports/banks/{bankId}/status. */
export interface BankStatusEntry extends ReportedStatus {
  readonly bankName: string;
}

function name(status: string | undefined): ServiceStatusName {
  return status === 'DOWN' ? 'DOWN' : 'LIVE';
}

/**
 * A bank's reported status. Never probed (no row; e.g. a connector type without implementation,
 * or the worker has not run yet): LIVE with lastUpdatedAt "0", since nothing says it is down.
 */
export function statusOf(status: BankStatus | undefined, nowMs: number): ReportedStatus {
  return {
    aisStatus: name(status?.aisStatus),
    pisStatus: name(status?.pisStatus),
    lastUpdatedAt: status === undefined ? '0' : String(Math.max(0, nowMs - status.changedAt.getTime())),
  };
}

export function toBanksStatusEntry(bank: Bank, status: BankStatus | undefined, nowMs: number): BanksStatusEntry {
  return { bankId: bank.id, ...statusOf(status, nowMs) };
}

export function toBankStatusEntry(bank: Bank, status: BankStatus | undefined, nowMs: number): BankStatusEntry {
  return { bankName: bank.name, ...statusOf(status, nowMs) };
}
