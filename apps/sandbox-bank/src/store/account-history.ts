import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';

/**
 * A year of account history for a sandbox scenario user, the same every time for the same bank,
 * user and start: a current account (salary, rent, bills, card spending, a monthly transfer to
 * savings), a savings account (those transfers and interest) and a credit card (purchases and a
 * monthly repayment). Entries of the last two days are pending. Each account's booked entries,
 * starting with the balance brought forward a year ago, add up to its balance.
 */

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 365;
const PENDING_DAYS = 2;

export interface HistoryEntry {
  readonly daysAgo: number;
  readonly minuteOfDay: number;
  readonly creditDebit: 'Credit' | 'Debit';
  readonly amount: Decimal;
  readonly information: string;
  readonly counterparty: string;
  /** Present for transfers between identified accounts; card purchases name only the merchant. */
  readonly counterpartyAccount?: { readonly schemeName: string; readonly identification: string };
  readonly reference?: string;
}

export interface HistoryAccount {
  readonly nickname: 'Current' | 'Savings' | 'Visa Credit Card';
  readonly subType: 'CurrentAccount' | 'Savings' | 'CreditCard';
  /** The booked balance now (negative: owed on the card). */
  readonly balance: Decimal;
  readonly entries: readonly HistoryEntry[];
}

/** A small deterministic generator (mulberry32) seeded from text. */
function random(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS_GBP = [
  ['Tesco Stores', 12, 85],
  ["Sainsbury's", 8, 70],
  ['Pret A Manger', 3, 12],
  ['Costa Coffee', 2.5, 8],
  ['Amazon UK', 6, 120],
  ['Transport for London', 1.75, 9],
  ['Deliveroo', 14, 38],
  ['Boots', 4, 30],
  ['Uber', 7, 28],
  ['The Crown Inn', 9, 55],
] as const;

const MERCHANTS_EUR = [
  ['REWE Markt', 12, 90],
  ['Lidl', 8, 65],
  ['Bäckerei Schmidt', 2, 9],
  ['Deutsche Bahn', 15, 120],
  ['Amazon EU', 6, 110],
  ['dm-drogerie markt', 4, 35],
  ['Tchibo', 3, 15],
  ['Lieferando', 14, 40],
  ['BVG Berlin', 3, 9],
  ['Café Einstein', 4, 18],
] as const;

function money(value: number): Decimal {
  return new Decimal(value).toDecimalPlaces(2);
}

/** The day of the month `monthsAgo` months before `now`, as days ago (0 when in the future). */
function daysAgoOf(now: Date, monthsAgo: number, day: number): number {
  const date = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 9);
  return Math.floor((now.getTime() - date) / DAY_MS);
}

export function accountHistory(
  seed: string,
  now: Date,
  currency: string,
  currentBalance: Decimal,
  savingsAccount: { readonly schemeName: string; readonly identification: string },
): HistoryAccount[] {
  const next = random(seed);
  const uk = currency === 'GBP';
  const merchants = uk ? MERCHANTS_GBP : MERCHANTS_EUR;
  const between = (low: number, high: number): Decimal => money(low + next() * (high - low));
  const minute = (): number => 420 + Math.floor(next() * 900);
  const current: HistoryEntry[] = [];
  const savings: HistoryEntry[] = [];
  const card: HistoryEntry[] = [];
  const monthly = (day: number, add: (daysAgo: number, month: number) => void): void => {
    for (let month = 0; month < 12; month += 1) {
      const daysAgo = daysAgoOf(now, month, day);
      if (daysAgo > 0 && daysAgo < HISTORY_DAYS) add(daysAgo, month);
    }
  };
  const employer = {
    schemeName: uk ? 'UK.OBIE.SortCodeAccountNumber' : 'IBAN',
    identification: uk ? '40051277001122' : 'DE75512108001245126199',
  };
  const landlord = {
    schemeName: uk ? 'UK.OBIE.SortCodeAccountNumber' : 'IBAN',
    identification: uk ? '20000055667788' : 'DE02100100109307118603',
  };
  monthly(25, (daysAgo) =>
    current.push({
      daysAgo,
      minuteOfDay: 360,
      creditDebit: 'Credit',
      amount: money(uk ? 2850 : 3120),
      information: 'Salary',
      counterparty: uk ? 'Sandbox Employer Ltd' : 'Sandbox Arbeitgeber GmbH',
      counterpartyAccount: employer,
      reference: 'SALARY',
    }),
  );
  monthly(1, (daysAgo) =>
    current.push({
      daysAgo,
      minuteOfDay: 300,
      creditDebit: 'Debit',
      amount: money(750),
      information: 'Rent (standing order)',
      counterparty: uk ? 'Sandbox Lettings Ltd' : 'Sandbox Immobilien GmbH',
      counterpartyAccount: landlord,
      reference: 'RENT',
    }),
  );
  monthly(28, (daysAgo) => {
    const entry = {
      daysAgo,
      minuteOfDay: 480,
      amount: money(200),
      information: 'Transfer to savings',
      reference: 'SAVINGS',
    };
    current.push({ ...entry, creditDebit: 'Debit', counterparty: 'Savings', counterpartyAccount: savingsAccount });
    savings.push({ ...entry, creditDebit: 'Credit', counterparty: 'Current' });
  });
  monthly(30, (daysAgo) =>
    savings.push({
      daysAgo,
      minuteOfDay: 60,
      creditDebit: 'Credit',
      amount: between(1.1, 4.9),
      information: 'Interest',
      counterparty: 'Sandbox Bank',
    }),
  );
  const bills = uk
    ? ([
        ['Octopus Energy', 6, 70, 110],
        ['Thames Water', 12, 35, 42],
        ['Vodafone', 18, 22, 22],
        ['Netflix', 9, 10.99, 10.99],
      ] as const)
    : ([
        ['Vattenfall', 6, 65, 105],
        ['Berliner Wasserbetriebe', 12, 30, 40],
        ['Telekom', 18, 29.95, 29.95],
        ['Netflix', 9, 12.99, 12.99],
      ] as const);
  for (const [name, day, low, high] of bills)
    monthly(day, (daysAgo) =>
      current.push({
        daysAgo,
        minuteOfDay: 240,
        creditDebit: 'Debit',
        amount: between(low, high),
        information: `Direct debit ${name}`,
        counterparty: name,
      }),
    );
  for (let daysAgo = 0; daysAgo < HISTORY_DAYS; daysAgo += 1) {
    const purchases = Math.max(daysAgo < PENDING_DAYS ? 1 : 0, Math.floor(next() * 1.6));
    for (let i = 0; i < purchases; i += 1) {
      const [name, low, high] = merchants[Math.floor(next() * merchants.length)] ?? merchants[0];
      current.push({
        daysAgo,
        minuteOfDay: minute(),
        creditDebit: 'Debit',
        amount: between(low, high),
        information: `Card payment ${name}`,
        counterparty: name,
      });
    }
    if (next() < 0.45) {
      const [name, low, high] = merchants[Math.floor(next() * merchants.length)] ?? merchants[0];
      card.push({
        daysAgo,
        minuteOfDay: minute(),
        creditDebit: 'Debit',
        amount: between(low, high * 1.5),
        information: `Card purchase ${name}`,
        counterparty: name,
      });
    }
    if (next() < 0.01)
      card.push({
        daysAgo,
        minuteOfDay: minute(),
        creditDebit: 'Credit',
        amount: between(5, 40),
        information: 'Refund',
        counterparty: merchants[Math.floor(next() * merchants.length)]?.[0] ?? 'Merchant',
      });
  }
  monthly(15, (daysAgo) =>
    card.push({
      daysAgo,
      minuteOfDay: 120,
      creditDebit: 'Credit',
      amount: between(250, 600),
      information: 'Payment received, thank you',
      counterparty: 'Card repayment',
    }),
  );
  const cardBalance = between(-1450, -150);
  return [
    withBroughtForward('Current', 'CurrentAccount', currentBalance, current),
    withBroughtForward('Savings', 'Savings', money(2500), savings),
    withBroughtForward('Visa Credit Card', 'CreditCard', cardBalance, card),
  ];
}

/** Whether an entry is still pending (the last two days). */
export function isPending(entry: HistoryEntry): boolean {
  return entry.daysAgo < PENDING_DAYS;
}

/** The account with a first entry a year ago that makes its booked entries add up to `balance`. */
function withBroughtForward(
  nickname: HistoryAccount['nickname'],
  subType: HistoryAccount['subType'],
  balance: Decimal,
  entries: HistoryEntry[],
): HistoryAccount {
  const booked = entries
    .filter((entry) => !isPending(entry))
    .reduce(
      (sum, entry) => (entry.creditDebit === 'Credit' ? sum.plus(entry.amount) : sum.minus(entry.amount)),
      new Decimal(0),
    );
  const forward = balance.minus(booked);
  const opening: HistoryEntry = {
    daysAgo: HISTORY_DAYS,
    minuteOfDay: 0,
    creditDebit: forward.isNegative() ? 'Debit' : 'Credit',
    amount: forward.abs(),
    information: 'Balance brought forward',
    counterparty: 'Sandbox Bank',
  };
  return { nickname, subType, balance, entries: [opening, ...entries] };
}

/** When the entry was booked: its day and minute, never later than a minute before `now`. */
export function entryTime(now: Date, entry: HistoryEntry): Date {
  const dayStart = now.getTime() - (now.getTime() % DAY_MS) - entry.daysAgo * DAY_MS;
  return new Date(Math.min(dayStart + entry.minuteOfDay * 60_000, now.getTime() - 60_000 * (1 + entry.daysAgo)));
}
