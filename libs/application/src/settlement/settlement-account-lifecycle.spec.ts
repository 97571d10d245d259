import { describe, expect, it } from 'vitest';
import { SETTLEMENT_ACCOUNT_STATUSES as PROVIDER_REPORTED_STATUSES } from '#libs/connectors';
import type { SettlementAccount, SettlementAccountRepository } from '#libs/db';
import { SETTLEMENT_ACCOUNT_PROVIDER_STATUSES } from '#libs/domain';
import { plannedChange, plannedCreation } from '../lifecycle/planned-change.js';
import { settlementAccountLifecycle, type SettlementAccountMoveContext } from './settlement-account-lifecycle.js';

const NOW = new Date('2026-12-01T10:00:00.000Z');
const CONTEXT: SettlementAccountMoveContext = {
  accounts: {} as SettlementAccountRepository,
  creditReadSeconds: 30,
};

function account(over: Partial<SettlementAccount> = {}): SettlementAccount {
  return {
    id: 'pa-1',
    memberId: 'm-1',
    providerAccountId: 'OPENING:pa-1',
    status: 'OPENING',
    version: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  } as SettlementAccount;
}

describe('settlement account lifecycle', () => {
  it('declares the statuses its provider reports as the ones an account opens with', () => {
    expect([...PROVIDER_REPORTED_STATUSES].sort()).toEqual([...SETTLEMENT_ACCOUNT_PROVIDER_STATUSES].sort());
  });

  it('a new OPENING account writes no event and keeps no timer', () => {
    expect(plannedCreation(settlementAccountLifecycle, account(), NOW, CONTEXT)).toEqual({ events: [], timer: null });
  });

  it.each(SETTLEMENT_ACCOUNT_PROVIDER_STATUSES)(
    "opening with the provider's %s sets the credit read, without an event",
    (status) => {
      const opened = account({ status, providerAccountId: 'PRV-1', version: 1 });
      expect(plannedChange(settlementAccountLifecycle, account(), opened, NOW, CONTEXT)).toEqual({
        statusChanged: true,
        events: [],
        timer: {
          set: {
            id: 'settlement.read-credits:pa-1',
            queue: 'bank-polling',
            payload: { name: 'settlement.read-credits', accountId: 'pa-1' },
            dueAt: new Date(NOW.getTime() + 30_000),
          },
        },
      });
    },
  );

  it('a refusal writes no event and keeps no timer; a refused or opened account never moves again', () => {
    const refused = account({ status: 'REFUSED', version: 1 });
    expect(plannedChange(settlementAccountLifecycle, account(), refused, NOW, CONTEXT)).toEqual({
      statusChanged: true,
      events: [],
      timer: { clear: 'settlement.read-credits:pa-1' },
    });
    const opened = account({ status: 'ACTIVE', version: 1 });
    expect(plannedChange(settlementAccountLifecycle, refused, opened, NOW, CONTEXT)).toBe('refused');
    expect(plannedChange(settlementAccountLifecycle, opened, refused, NOW, CONTEXT)).toBe('refused');
    expect(plannedChange(settlementAccountLifecycle, opened, opened, NOW, CONTEXT)).toBe('refused');
  });
});
