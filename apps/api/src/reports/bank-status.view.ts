import { ApiProperty } from '@nestjs/swagger';
import type { Bank, BankStatus } from '#libs/db';

export const SERVICE_STATUSES = ['LIVE', 'DOWN'] as const;
export type ServiceStatusName = (typeof SERVICE_STATUSES)[number];

export class BanksStatusEntry {
  @ApiProperty({ example: 'ob-sandbox-gb' })
  bankId!: string;

  @ApiProperty({ enum: SERVICE_STATUSES, description: 'Account information service status.' })
  aisStatus!: ServiceStatusName;

  @ApiProperty({ enum: SERVICE_STATUSES, description: 'Payment initiation service status.' })
  pisStatus!: ServiceStatusName;

  @ApiProperty({
    description: 'Milliseconds since the last status change, as a string; "0" for a bank never probed yet.',
    example: '8000',
  })
  lastUpdatedAt!: string;
}

export class GetBanksStatusResponse {
  @ApiProperty({ type: [BanksStatusEntry] })
  banksStatus!: BanksStatusEntry[];
}

export class BankStatusEntry {
  @ApiProperty({ example: 'Sandbox Bank GB' })
  bankName!: string;

  @ApiProperty({ enum: SERVICE_STATUSES })
  aisStatus!: ServiceStatusName;

  @ApiProperty({ enum: SERVICE_STATUSES })
  pisStatus!: ServiceStatusName;

  @ApiProperty({
    description: 'Milliseconds since the last status change, as a string; "0" for a bank never probed yet.',
  })
  lastUpdatedAt!: string;
}

export class GetBankStatusResponse {
  @ApiProperty({ type: BankStatusEntry })
  bankStatus!: BankStatusEntry;
}

function name(status: string | undefined): ServiceStatusName {
  return status === 'DOWN' ? 'DOWN' : 'LIVE';
}

/**
 * A bank's reported status. Never probed (no row; e.g. a connector type without implementation,
 * or the worker has not run yet): LIVE with lastUpdatedAt "0", since nothing says it is down.
 */
export function statusOf(
  status: BankStatus | undefined,
  nowMs: number,
): { aisStatus: ServiceStatusName; pisStatus: ServiceStatusName; lastUpdatedAt: string } {
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
