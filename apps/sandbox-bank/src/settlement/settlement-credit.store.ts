import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import { newResourceId } from '../store/secret-hash.js';
import { SettlementAccountStore } from './settlement-account.store.js';
import { SettlementApiError } from './settlement-api-error.js';

export type SettlementCreditRow = Prisma.SbSettlementCreditModel;

/** The rails a credit arrives over. */
export const CREDIT_LOCAL_INSTRUMENTS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type CreditLocalInstrument = (typeof CREDIT_LOCAL_INSTRUMENTS)[number];

export const MAX_CREDITS_PAGE = 200;
/** The advisory lock class of an account's credits (with the account id's hash). */
const CREDITS_LOCK = 'sb-settlement-credits';
export const DEFAULT_CREDITS_PAGE = 50;

export interface NewSettlementCredit {
  readonly id?: string;
  readonly accountId: string;
  readonly amount: string;
  readonly currency: string;
  readonly description: string;
  readonly localInstrument: CreditLocalInstrument;
  readonly debtorName?: string;
  readonly debtorIban?: string;
  readonly debtorBic?: string;
  readonly debtorSortCode?: string;
  readonly debtorAccountNumber?: string;
  readonly refId?: string;
  /** When the credit arrives; never earlier than now (a credit cannot land behind a cursor already handed out). */
  readonly availableAt: Date;
  readonly paymentId?: string;
}

/** Where a page of credits ended: the last credit's arrival time and recording order. */
interface CreditPosition {
  readonly availableAtMs: number;
  readonly seq: bigint;
}

function encodeCursor(credit: SettlementCreditRow): string {
  return Buffer.from(`${credit.availableAt.getTime()}.${credit.seq}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): CreditPosition {
  const match = /^(\d{1,15})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null) throw SettlementApiError.invalid('cursor is not a cursor this API handed out.');
  return { availableAtMs: Number(match[1]), seq: BigInt(match[2] ?? '0') };
}

export interface CreditsQuery {
  readonly cursor?: string;
  readonly since?: Date;
  readonly limit: number;
}

export interface CreditsPage {
  readonly credits: readonly SettlementCreditRow[];
  readonly nextCursor?: string;
}

/**
 * Credits of settlement accounts. Listed in the order they arrive (available_at, then the order
 * they were recorded), only once the sandbox clock has reached their available_at; a cursor
 * resumes after the last credit of its page. Since a credit never arrives before the moment it
 * is recorded, the clock only moves forward, and no page is read while a credit is being recorded
 * (the account's credits lock), a credit never lands behind a cursor.
 */
@Injectable()
export class SettlementCreditStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly accounts: SettlementAccountStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a credit in `tx` (the settling payment's transaction), or in a transaction of its own.
   * Its arrival time and place in the order are taken under the account's credits lock, shared
   * by recorders and exclusive to a page read, so no page is read while a credit is between
   * taking its place and committing: a credit never lands behind a cursor already handed out.
   */
  async record(credit: NewSettlementCredit, tx?: Prisma.TransactionClient): Promise<SettlementCreditRow> {
    if (tx === undefined) return this.prisma.$transaction((own) => this.record(credit, own));
    await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${CREDITS_LOCK}), hashtext(${credit.accountId}))`;
    const now = this.clock.now();
    const { id, availableAt, ...fields } = credit;
    return tx.sbSettlementCredit.create({
      data: {
        ...fields,
        id: id ?? newResourceId('SC'),
        availableAt: availableAt.getTime() < now.getTime() ? now : availableAt,
        recordedAt: now,
      },
    });
  }

  async page(accountId: string, query: CreditsQuery): Promise<CreditsPage> {
    await this.accounts.get(accountId);
    const position = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const repeated = position !== undefined && (await this.accounts.takeRepeat(accountId));
    return this.prisma.$transaction(async (tx) => {
      // Waits for every credit that has taken its place to commit (see record).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${CREDITS_LOCK}), hashtext(${accountId}))`;
      return this.pageAfter(tx, accountId, query, position, repeated);
    });
  }

  private async pageAfter(
    tx: Prisma.TransactionClient,
    accountId: string,
    query: CreditsQuery,
    position: CreditPosition | undefined,
    repeated: boolean,
  ): Promise<CreditsPage> {
    const again =
      repeated && position !== undefined
        ? await tx.sbSettlementCredit.findFirst({ where: { accountId, seq: position.seq } })
        : null;
    const after: Prisma.SbSettlementCreditWhereInput =
      position === undefined
        ? query.since === undefined
          ? {}
          : { availableAt: { gte: query.since } }
        : {
            OR: [
              { availableAt: { gt: new Date(position.availableAtMs) } },
              { availableAt: new Date(position.availableAtMs), seq: { gt: position.seq } },
            ],
          };
    const fresh = await tx.sbSettlementCredit.findMany({
      where: { accountId, availableAt: { lte: this.clock.now() }, AND: [after] },
      orderBy: [{ availableAt: 'asc' }, { seq: 'asc' }],
      take: again === null ? query.limit : Math.max(query.limit - 1, 0),
    });
    const credits = again === null ? fresh : [again, ...fresh];
    const last = credits.at(-1);
    const nextCursor = last === undefined ? query.cursor : encodeCursor(last);
    return { credits, ...(nextCursor === undefined ? {} : { nextCursor }) };
  }

  /** One credit of the account, once it has arrived. */
  async get(accountId: string, creditId: string): Promise<SettlementCreditRow> {
    const credit = await this.prisma.sbSettlementCredit.findFirst({
      where: { id: creditId, accountId, availableAt: { lte: this.clock.now() } },
    });
    if (credit === null) throw SettlementApiError.notFound('Credit', creditId);
    return credit;
  }
}
