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
import { writeOutboxEvent, type VirtualAccountCreditReceivedPayload } from '#libs/events';
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
}

/** The account fields booking needs. */
export type CreditedAccount = Pick<
  SettlementAccount,
  'id' | 'memberId' | 'currency' | 'accountName' | 'accountNickName' | 'iban' | 'bic' | 'sortCode' | 'accountNumber'
>;

/** Where the provider's next page starts, saved with the page it follows. */
export interface CreditPageEnd {
  readonly cursor: string | null;
}

/**
 * Books the credits a provider reported for a settlement account: for each, the CREDIT
 * transaction row (once per providerPaymentId), the ledger's CREDIT entry (its source the
 * transaction's id) and VIRTUAL_ACCOUNT_CREDIT_RECEIVED. A page is one transaction, with the
 * cursor after it when one is given: a page is booked whole or not at all, and a crash before it
 * commits reads it again. A credit read again (a provider repeating itself, two readers at once)
 * finds its row and writes nothing.
 */
@Injectable()
export class BookSettlementCreditsUseCase {
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
    return this.transactions.run(async (tx) => {
      const counts = { booked: 0, repeats: 0, refused: 0 };
      for (const credit of credits) {
        const outcome = await this.bookIn(tx, account, credit);
        if (outcome === 'booked') counts.booked += 1;
        else if (outcome === 'repeat') counts.repeats += 1;
        else counts.refused += 1;
      }
      if (after !== undefined) await this.accounts.in(tx).saveCreditCursor(account.id, after.cursor, this.clock.now());
      return counts;
    });
  }

  book(account: CreditedAccount, credit: SettlementCredit): Promise<CreditBooking> {
    return this.transactions.run((tx) => this.bookIn(tx, account, credit));
  }

  private async bookIn(tx: Tx, account: CreditedAccount, credit: SettlementCredit): Promise<CreditBooking> {
    const problem = problemOf(account, credit);
    if (problem !== undefined) {
      this.logger.error(
        { accountId: account.id, providerPaymentId: credit.providerPaymentId, problem },
        'settlement credit not booked',
      );
      return 'refused';
    }
    const amount = fromMinorUnits(toMinorUnits(credit.amount.value));
    const createdDateTime = new Date(credit.createdDateTime);
    const creditor = credit.creditor ?? creditorOf(account);
    const now = this.clock.now();
    const row = await this.rows.in(tx).insertOnce({
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
      createdDateTime,
      receivedAt: now,
    });
    if (row === null) return 'repeat';
    const posted = await this.ledger
      .in(tx)
      .post({ accountId: account.id, kind: 'CREDIT', sourceId: row.id, amount, createdAt: now });
    if (posted.kind !== 'posted')
      throw new Error(`the ledger did not post credit ${row.id} of account ${account.id}: ${posted.kind}`);
    await writeOutboxEvent(tx, {
      memberId: account.memberId,
      type: 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED',
      payload: creditEventPayload(account, credit, amount, creditor),
      createdAt: now,
    });
    return 'booked';
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
