import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER } from '#libs/common';
import type { SettlementCredit, SettlementParty } from '#libs/connectors';
import {
  SettlementAccountRepository,
  SettlementLedgerRepository,
  SettlementTransactionRepository,
  Transactions,
  type Prisma,
  type SettlementAccount,
  type Tx,
} from '#libs/db';
import { fromMinorUnits, newId, toMinorUnits } from '#libs/domain';
import { writeOutboxEvents, type VirtualAccountCreditReceivedPayload } from '#libs/events';
import type { StoredSettlementParty } from './settlement-account-view.js';

/** What booking one credit did. */
export type CreditBooking =
  | 'booked'
  /** The account already has a transaction with this providerPaymentId: nothing written. */
  | 'repeat'
  /** Not a credit the account can take (another currency, an amount that is not positive): logged, not booked. */
  | 'refused';

export interface BookedPage {
  readonly booked: number;
  readonly repeats: number;
  readonly refused: number;
  /** With a page end: whether the cursor moved (false: another reader had moved it on first). */
  readonly cursorSaved?: boolean;
}

/** The account fields booking needs. */
export type CreditedAccount = Pick<
  SettlementAccount,
  'id' | 'memberId' | 'currency' | 'accountName' | 'accountNickName' | 'iban' | 'bic' | 'sortCode' | 'accountNumber'
>;

/** Where the provider's next page starts, saved with the page it follows, and the cursor the page was read from. */
export interface CreditPageEnd {
  readonly from: string | null;
  readonly cursor: string | null;
}

/**
 * Books the credits a provider reported for a settlement account, for the credit reader
 * (ReadSettlementCreditsUseCase, a page at a time) and for a transaction asked for before the
 * reader found it (GetSettlementTransactionUseCase, one credit): for each, the CREDIT transaction
 * row (once per providerPaymentId), the ledger's CREDIT entry (its source the transaction's id)
 * and VIRTUAL_ACCOUNT_CREDIT_RECEIVED. A page is one transaction of a few statements whatever its
 * length, with the cursor after it when one is given: a page is booked whole or not at all, and a
 * crash before it commits reads it again. The cursor moves only from the one the page was read
 * from, so a reader overtaken by another never moves it back. A credit read again (a provider
 * repeating itself, two readers at once) finds its row and writes nothing.
 */
@Injectable()
export class SettlementCreditBooking {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: SettlementAccountRepository,
    private readonly rows: SettlementTransactionRepository,
    private readonly ledger: SettlementLedgerRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async bookPage(
    account: CreditedAccount,
    credits: readonly SettlementCredit[],
    after?: CreditPageEnd,
  ): Promise<BookedPage> {
    const bookable = credits.filter((credit) => this.bookable(account, credit));
    return this.transactions.run(async (tx) => {
      const booked = await this.bookIn(tx, account, bookable);
      const counts = { booked, repeats: bookable.length - booked, refused: credits.length - bookable.length };
      if (after === undefined) return counts;
      const accounts = this.accounts.in(tx);
      return {
        ...counts,
        cursorSaved: await accounts.saveCreditCursor(account.id, after.from, after.cursor, this.clock.now()),
      };
    });
  }

  async book(account: CreditedAccount, credit: SettlementCredit): Promise<CreditBooking> {
    const page = await this.bookPage(account, [credit]);
    return page.booked === 1 ? 'booked' : page.repeats === 1 ? 'repeat' : 'refused';
  }

  /** Whether the account can take the credit; a credit it cannot is logged. */
  private bookable(account: CreditedAccount, credit: SettlementCredit): boolean {
    const problem = problemOf(account, credit);
    if (problem === undefined) return true;
    this.logger.error(
      { accountId: account.id, providerPaymentId: credit.providerPaymentId, problem },
      'settlement credit not booked',
    );
    return false;
  }

  /**
   * The page's rows, ledger entries and events in four statements whatever its length: the rows
   * the account has no transaction for yet are stored, and only those are posted and announced.
   * How many were booked.
   */
  private async bookIn(tx: Tx, account: CreditedAccount, credits: readonly SettlementCredit[]): Promise<number> {
    const now = this.clock.now();
    const drafts = credits.map((credit) => {
      const amount = fromMinorUnits(toMinorUnits(credit.amount.value));
      const creditor = credit.creditor ?? creditorOf(account);
      const row = {
        id: newId('stx'),
        accountId: account.id,
        memberId: account.memberId,
        transactionType: 'CREDIT',
        providerPaymentId: credit.providerPaymentId,
        amount,
        currency: credit.amount.currency,
        localInstrument: credit.localInstrument ?? null,
        description: credit.description ?? null,
        refId: credit.refId ?? null,
        debtor: jsonOf(credit.debtor),
        creditor: jsonOf(creditor),
        createdDateTime: new Date(credit.createdDateTime),
        receivedAt: now,
      };
      return { credit, amount, creditor, row };
    });
    const stored = new Set((await this.rows.in(tx).insertManyOnce(drafts.map(({ row }) => row))).map((row) => row.id));
    const fresh = drafts.filter(({ row }) => stored.has(row.id));
    if (fresh.length === 0) return 0;
    const posted = await this.ledger.in(tx).postMany(
      account.id,
      fresh.map(({ row, amount }) => ({ kind: 'CREDIT' as const, sourceId: row.id, amount, createdAt: now })),
    );
    if (posted.kind !== 'posted' || posted.posted.length !== fresh.length)
      throw new Error(`the ledger did not post every credit of account ${account.id}`);
    await writeOutboxEvents(
      tx,
      fresh.map(({ credit, amount, creditor }) => ({
        memberId: account.memberId,
        type: 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' as const,
        payload: creditEventPayload(account, credit, amount, creditor),
        createdAt: now,
      })),
    );
    return fresh.length;
  }
}

function problemOf(account: CreditedAccount, credit: SettlementCredit): string | undefined {
  if (credit.amount.currency !== account.currency)
    return `the credit is in ${credit.amount.currency}, the account in ${account.currency}`;
  let units: bigint;
  try {
    units = toMinorUnits(credit.amount.value);
  } catch {
    return `the amount ${credit.amount.value} is not a decimal`;
  }
  if (units <= 0n) return `the amount ${credit.amount.value} is not positive`;
  if (Number.isNaN(Date.parse(credit.createdDateTime)))
    return `createdDateTime ${credit.createdDateTime} is not a time`;
  return undefined;
}

/** The account itself, as the payee of a credit the provider names no creditor for. */
function creditorOf(account: CreditedAccount): StoredSettlementParty {
  const name = account.accountName ?? account.accountNickName;
  return {
    ...(name === null ? {} : { name }),
    ...(account.iban === null ? {} : { iban: account.iban }),
    ...(account.bic === null ? {} : { bic: account.bic }),
    ...(account.sortCode === null ? {} : { sortCode: account.sortCode }),
    ...(account.accountNumber === null ? {} : { accountNumber: account.accountNumber }),
  };
}

function jsonOf(party: SettlementParty | StoredSettlementParty | undefined): Prisma.InputJsonValue | undefined {
  if (party === undefined) return undefined;
  return Object.fromEntries<string>(
    Object.entries(party).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/** VIRTUAL_ACCOUNT_CREDIT_RECEIVED's virtualAccountCreditReceived, as the interface lists it. */
export function creditEventPayload(
  account: CreditedAccount,
  credit: SettlementCredit,
  amount: string,
  creditor: StoredSettlementParty,
): VirtualAccountCreditReceivedPayload {
  return {
    providerPaymentId: credit.providerPaymentId,
    amount,
    currency: credit.amount.currency,
    paymentCreatedTime: new Date(credit.createdDateTime).toISOString(),
    ...(credit.description === undefined ? {} : { description: credit.description }),
    providerAccountId: account.id,
    ...(credit.localInstrument === undefined ? {} : { locaInstrument: credit.localInstrument }),
    ...(credit.debtor?.name === undefined ? {} : { debtorInformation: { name: credit.debtor.name } }),
    ...(creditor.name === undefined ? {} : { creditorInformation: { name: creditor.name } }),
    memberId: account.memberId,
  };
}
