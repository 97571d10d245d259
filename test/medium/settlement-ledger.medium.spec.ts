import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataStores, openDataStores, type DataStores, type LedgerPostResult, type NewLedgerEntry } from '#libs/db';
import { LEDGER_ENTRY_KINDS, newId, type LedgerEntryKind } from '#libs/domain';
import { testConfig } from '../support/test-env.js';

const MEMBER = 'm:settlement-ledger';

let stores: DataStores;

beforeAll(async () => {
  stores = await openDataStores(await testConfig(), { service: 'settlement-ledger-test' });
  await stores.prisma.member.upsert({ where: { id: MEMBER }, create: { id: MEMBER, name: 'Ledger TPP' }, update: {} });
});

afterAll(async () => {
  await closeDataStores(stores);
});

async function newAccount(): Promise<string> {
  const id = newId('pa:');
  const now = new Date();
  await stores.repositories.settlementAccounts.insert({
    id,
    memberId: MEMBER,
    providerId: 'ledger-test',
    providerAccountId: id,
    status: 'ACTIVE',
    currency: 'EUR',
    country: 'DE',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

function post(entry: NewLedgerEntry): Promise<LedgerPostResult> {
  return stores.repositories.transactions.run((tx) => stores.repositories.settlementLedger.in(tx).post(entry));
}

/** The balances as sums over the stored entries, computed by the database (the oracle). */
async function sumsOfEntries(accountId: string): Promise<Record<string, string>> {
  const rows = await stores.prisma.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT
       (COALESCE(SUM(amount) FILTER (WHERE kind = 'CREDIT'), 0)
        - COALESCE(SUM(amount) FILTER (WHERE kind IN ('PAYOUT_DEBIT', 'REVERSAL')), 0))::numeric(24,4)::text AS booked,
       (COALESCE(SUM(amount) FILTER (WHERE kind IN ('CREDIT', 'RELEASE')), 0)
        - COALESCE(SUM(amount) FILTER (WHERE kind IN ('RESERVATION', 'REVERSAL')), 0))::numeric(24,4)::text AS available
     FROM settlement_ledger_entry WHERE account_id = $1`,
    accountId,
  );
  return rows[0] ?? {};
}

async function storedBalances(accountId: string): Promise<Record<string, string>> {
  const rows = await stores.prisma.$queryRawUnsafe<Record<string, string>[]>(
    `SELECT booked_balance::text AS booked, cleared_balance::text AS cleared, available_balance::text AS available
       FROM settlement_account WHERE id = $1`,
    accountId,
  );
  return rows[0] ?? {};
}

const operation = fc.record({
  kind: fc.constantFrom<LedgerEntryKind>(...LEDGER_ENTRY_KINDS),
  amount: fc.constantFrom('0.01', '1.00', '2.50', '10.00', '99.99', '250.0001'),
  // A small pool of sources, so repeats (duplicates) happen.
  source: fc.integer({ min: 0, max: 6 }),
});

describe('settlement ledger in Postgres', () => {
  it('balances always equal the sums of the entries, available never below zero, repeats booked once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const accountId = await newAccount();
        const seen = new Set<string>();
        for (const op of operations) {
          const key = `${op.kind}:${op.source}`;
          const result = await post({
            accountId,
            kind: op.kind,
            sourceId: `src-${op.source}`,
            amount: op.amount,
            createdAt: new Date(),
          });
          if (seen.has(key)) expect(result.kind).toBe('duplicate');
          if (result.kind === 'posted') seen.add(key);
          const stored = await storedBalances(accountId);
          const sums = await sumsOfEntries(accountId);
          expect(stored.booked).toBe(sums.booked);
          expect(stored.cleared).toBe(sums.booked);
          expect(stored.available).toBe(sums.available);
          expect(Number(stored.available) >= 0).toBe(true);
          expect(Number(stored.available) <= Number(stored.cleared)).toBe(true);
        }
        const entries = await stores.repositories.settlementLedger.entries(accountId);
        expect(entries).toHaveLength(seen.size);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('postMany decides a batch exactly as posting its entries one by one does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
        const one = await newAccount();
        const many = await newAccount();
        const entries = operations.map((op) => ({
          kind: op.kind,
          sourceId: `src-${op.source}`,
          amount: op.amount,
          createdAt: new Date(),
        }));
        const single: string[] = [];
        for (const entry of entries) {
          const result = await post({ accountId: one, ...entry });
          if (result.kind === 'posted') single.push(entry.sourceId);
        }
        const batch = await stores.repositories.transactions.run((tx) =>
          stores.repositories.settlementLedger.in(tx).postMany(many, entries),
        );
        if (batch.kind !== 'posted') throw new Error('no account');
        expect(batch.posted).toEqual(single);
        expect(await storedBalances(many)).toEqual(await storedBalances(one));
        const sums = await sumsOfEntries(many);
        const stored = await storedBalances(many);
        expect(stored.booked).toBe(sums.booked);
        expect(stored.available).toBe(sums.available);
        const chained = await stores.repositories.settlementLedger.entries(many);
        expect(chained).toEqual(await stores.repositories.settlementLedger.entries(one));
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it('refuses to change or delete an entry', async () => {
    const accountId = await newAccount();
    await post({ accountId, kind: 'CREDIT', sourceId: 'c-1', amount: '5.00', createdAt: new Date() });
    await expect(
      stores.prisma.$executeRawUnsafe(`UPDATE settlement_ledger_entry SET amount = 1 WHERE account_id = $1`, accountId),
    ).rejects.toThrow(/append-only/);
    await expect(
      stores.prisma.$executeRawUnsafe(`DELETE FROM settlement_ledger_entry WHERE account_id = $1`, accountId),
    ).rejects.toThrow(/append-only/);
    expect(await stores.repositories.settlementLedger.entries(accountId)).toHaveLength(1);
  });

  it('50 concurrent reservations of 1.00 against 10.50 available: exactly 10 posted, 0.50 left', async () => {
    const accountId = await newAccount();
    await post({ accountId, kind: 'CREDIT', sourceId: 'c-1', amount: '10.50', createdAt: new Date() });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post({ accountId, kind: 'RESERVATION', sourceId: `po-${i}`, amount: '1.00', createdAt: new Date() }),
      ),
    );
    expect(results.filter((result) => result.kind === 'posted')).toHaveLength(10);
    expect(
      results.filter((result) => result.kind === 'refused' && result.reason === 'INSUFFICIENT_FUNDS'),
    ).toHaveLength(40);
    expect(await stores.repositories.settlementLedger.balances(accountId)).toEqual({
      bookedBalance: '10.50',
      clearedBalance: '10.50',
      availableBalance: '0.50',
    });
  });
});
