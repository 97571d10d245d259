import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';

/**
 * A settlement account's ledger. Entries are appended, never changed; the balances are what the
 * entries add up to, each kind moving them by a fixed effect:
 *
 * | kind         | booked | cleared | available | what it records                                  |
 * |--------------|--------|---------|-----------|--------------------------------------------------|
 * | CREDIT       |   +a   |   +a    |    +a     | money received (payment, transfer, unknown payer) |
 * | RESERVATION  |        |         |    -a     | a payout's amount held when the payout is made    |
 * | RELEASE      |        |         |    +a     | a held amount given back (the payout failed)      |
 * | PAYOUT_DEBIT |   -a   |   -a    |           | a held amount paid out (the payout completed)     |
 * | REVERSAL     |   -a   |   -a    |    -a     | a credit taken back by the provider               |
 *
 * Every rail the gateway settles over (SEPA, SEPA Instant, Faster Payments) clears on receipt, so
 * booked and cleared move together; available is cleared less what payouts hold. An entry that
 * would take available below zero, release more than is held, or pay out more than is held is
 * refused: 0 <= available <= cleared always.
 */
export const LEDGER_ENTRY_KINDS = ['CREDIT', 'RESERVATION', 'RELEASE', 'PAYOUT_DEBIT', 'REVERSAL'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

type Effect = -1 | 0 | 1;

export const LEDGER_EFFECTS: Readonly<
  Record<LedgerEntryKind, { readonly booked: Effect; readonly cleared: Effect; readonly available: Effect }>
> = {
  CREDIT: { booked: 1, cleared: 1, available: 1 },
  RESERVATION: { booked: 0, cleared: 0, available: -1 },
  RELEASE: { booked: 0, cleared: 0, available: 1 },
  PAYOUT_DEBIT: { booked: -1, cleared: -1, available: 0 },
  REVERSAL: { booked: -1, cleared: -1, available: -1 },
};

/** Balances in 1/10^4 units (libs/domain money/minor-units.ts). */
export interface LedgerBalances {
  readonly booked: bigint;
  readonly cleared: bigint;
  readonly available: bigint;
}

export const ZERO_BALANCES: LedgerBalances = { booked: 0n, cleared: 0n, available: 0n };

/** Why an entry was refused. */
export type LedgerRefusal =
  /** The amount is zero or negative. */
  | 'AMOUNT_NOT_POSITIVE'
  /** Available would go below zero (a reservation or reversal larger than what is free). */
  | 'INSUFFICIENT_FUNDS'
  /** More would be released or paid out than payouts hold. */
  | 'EXCEEDS_RESERVED';

export type LedgerPosting =
  | { readonly kind: 'posted'; readonly balances: LedgerBalances }
  | { readonly kind: 'refused'; readonly reason: LedgerRefusal };

/** The balances after an entry of `kind` for `amount` units, or why the ledger refuses it. */
export function postEntry(balances: LedgerBalances, kind: LedgerEntryKind, amount: bigint): LedgerPosting {
  if (amount <= 0n) return { kind: 'refused', reason: 'AMOUNT_NOT_POSITIVE' };
  const effect = LEDGER_EFFECTS[kind];
  const next: LedgerBalances = {
    booked: balances.booked + BigInt(effect.booked) * amount,
    cleared: balances.cleared + BigInt(effect.cleared) * amount,
    available: balances.available + BigInt(effect.available) * amount,
  };
  if (next.available < 0n) return { kind: 'refused', reason: 'INSUFFICIENT_FUNDS' };
  if (next.available > next.cleared) return { kind: 'refused', reason: 'EXCEEDS_RESERVED' };
  return { kind: 'posted', balances: next };
}

/** What payouts hold: cleared less available. */
export function reservedOf(balances: LedgerBalances): bigint {
  return balances.cleared - balances.available;
}

/** Balances as the stored decimal strings. */
export interface LedgerBalanceStrings {
  readonly bookedBalance: string;
  readonly clearedBalance: string;
  readonly availableBalance: string;
}

export function balancesFromStrings(stored: LedgerBalanceStrings): LedgerBalances {
  return {
    booked: toMinorUnits(stored.bookedBalance),
    cleared: toMinorUnits(stored.clearedBalance),
    available: toMinorUnits(stored.availableBalance),
  };
}

export function balancesToStrings(balances: LedgerBalances): LedgerBalanceStrings {
  return {
    bookedBalance: fromMinorUnits(balances.booked),
    clearedBalance: fromMinorUnits(balances.cleared),
    availableBalance: fromMinorUnits(balances.available),
  };
}
