/**
 * Benchmark (not a test): how many settlement credits one worker books a second.
 *
 *   npm run bench:settlement-intake [credits-per-round] [--rounds=N] [--page=N]
 *
 * One embedded Postgres (migrated). The intake's booking (SettlementCreditBooking) is fed pages
 * of credits for one account, one page after another, as the credit reader does: each credit is
 * one transaction (its CREDIT transaction row once per providerPaymentId, the ledger entry under
 * the account's lock with the balances it leaves, VIRTUAL_ACCOUNT_CREDIT_RECEIVED in the outbox).
 * The baseline, measured in the same run in turns with it, is the least a writer can do per
 * credit: one autocommitted INSERT of a four-column row on its own connection. Printed: credits
 * booked per second, the baseline's rows per second and the ratio of the two (median of the
 * rounds).
 */
import 'reflect-metadata';
import pg from 'pg';
import pino from 'pino';
import { SettlementCreditBooking } from '#libs/application';
import { loadConfig, type ConnectedConfig } from '#libs/common';
import type { SettlementCredit } from '#libs/connectors';
import { closeDataStores, openDataStores } from '#libs/db';
import { newId } from '#libs/domain';
import { freePortOnLoopback } from './free-port.js';
import { startBenchServers } from './lib/local-servers.js';

interface Options {
  readonly credits: number;
  readonly rounds: number;
  readonly page: number;
}

function optionsOf(args: readonly string[]): Options {
  const flag = (name: string, fallback: number): number => {
    const found = args.find((arg) => arg.startsWith(`--${name}=`));
    return found === undefined ? fallback : Number(found.slice(name.length + 3));
  };
  const positional = args.find((arg) => /^\d+$/.test(arg));
  return {
    credits: positional === undefined ? 5_000 : Number(positional),
    rounds: flag('rounds', 3),
    page: flag('page', 100),
  };
}

function creditsFor(round: number, count: number): SettlementCredit[] {
  return Array.from({ length: count }, (_, i) => ({
    providerPaymentId: `bench-${round}-${i}`,
    amount: { value: `${(i % 500) + 1}.25`, currency: 'EUR' },
    createdDateTime: new Date(Date.UTC(2026, 10, 27, 0, 0, 0, i)).toISOString(),
    description: `Order ${i}`,
    localInstrument: 'SEPA_INSTANT',
    debtor: { name: `Payer ${i}`, iban: 'DE89370400440532013000' },
    refId: `ref-${round}-${i}`,
  }));
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const options = optionsOf(process.argv.slice(2));
  const servers = await startBenchServers(await freePortOnLoopback(), await freePortOnLoopback());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: servers.databaseUrl,
    REDIS_URL: servers.redisUrl,
  }) as ConnectedConfig;
  const stores = await openDataStores(config, { service: 'bench-settlement-intake' });
  const baseline = new pg.Client({ connectionString: servers.databaseUrl });
  await baseline.connect();
  try {
    await baseline.query(
      'CREATE TABLE bench_baseline (id text PRIMARY KEY, account_id text NOT NULL, amount numeric(24,4) NOT NULL, created_at timestamptz NOT NULL)',
    );
    const memberId = 'm:bench-intake';
    await stores.prisma.member.create({ data: { id: memberId, name: 'Bench TPP' } });
    const now = new Date();
    const account = await stores.repositories.settlementAccounts.insert({
      id: newId('pa'),
      memberId,
      providerId: 'bench',
      providerAccountId: 'bench-account',
      status: 'ACTIVE',
      currency: 'EUR',
      country: 'DE',
      accountName: 'Bench',
      iban: 'DE02100100109307118603',
      bic: 'PBNKDEFF',
      createdAt: now,
      updatedAt: now,
    });
    const booking = new SettlementCreditBooking(
      stores.repositories.transactions,
      stores.repositories.settlementAccounts,
      stores.repositories.settlementTransactions,
      stores.repositories.settlementLedger,
      stores.clock,
      pino({ level: 'silent' }),
    );
    // Warm-up: connections, prepared plans.
    await booking.bookPage(account, creditsFor(-1, 200));
    const intakeRates: number[] = [];
    const baselineRates: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const baseStart = performance.now();
      for (let i = 0; i < options.credits; i += 1)
        await baseline.query(
          'INSERT INTO bench_baseline (id, account_id, amount, created_at) VALUES ($1, $2, $3, $4)',
          [`b-${round}-${i}`, account.id, '1.25', new Date()],
        );
      baselineRates.push(options.credits / ((performance.now() - baseStart) / 1000));

      const credits = creditsFor(round, options.credits);
      const start = performance.now();
      let booked = 0;
      for (let from = 0; from < credits.length; from += options.page)
        booked += (await booking.bookPage(account, credits.slice(from, from + options.page))).booked;
      if (booked !== options.credits) throw new Error(`booked ${booked} of ${options.credits}`);
      intakeRates.push(booked / ((performance.now() - start) / 1000));
      process.stdout.write(
        `round ${round + 1}: intake ${intakeRates.at(-1)?.toFixed(0)} credits/s, baseline ${baselineRates.at(-1)?.toFixed(0)} rows/s\n`,
      );
    }
    const intake = median(intakeRates);
    const base = median(baselineRates);
    process.stdout.write(
      `\nsettlement credit intake, one worker, pages of ${options.page}, ${options.credits} credits x ${options.rounds} rounds\n` +
        `| run | per second | ratio |\n|---|---|---|\n` +
        `| baseline INSERT (one row, autocommit) | ${base.toFixed(0)} | 1.00x |\n` +
        `| credits booked (row + ledger entry + event, a page per transaction) | ${intake.toFixed(0)} | ${(intake / base).toFixed(2)}x |\n`,
    );
  } finally {
    await baseline.end();
    await closeDataStores(stores);
    await servers.stop();
  }
}

await main();
