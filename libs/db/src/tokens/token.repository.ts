import { Injectable } from '@nestjs/common';
import type { MemberId, TokenStatus } from '#libs/domain';
import { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { olderThan } from '../list-clauses.js';
import { viewPool } from '../views/read-by-id.js';
import { TOKEN_STATUS, type Token } from './token-row.js';
import { readTokenView, type TokenView } from './token-view-read.js';

/** A token about to be stored: every column but those a new row always starts with. */
export type NewToken = Omit<Prisma.TokenUncheckedCreateInput, 'status' | 'version' | 'redeemedAmount'> & {
  readonly status: TokenStatus;
};

export interface TokenListFilter {
  readonly kinds?: readonly string[];
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly actingAsRefId?: string;
}

/** A page position: the last row's creation time and id (newest first). */
export interface TokenCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Tokens: what PROCESSED token requests yield. The sealed grant never leaves through a member-facing read. */
@Injectable()
export class TokenRepository extends Repository {
  insert(row: NewToken): Promise<Token> {
    return this.db.token.create({ data: row }).then(TOKEN_STATUS.row);
  }

  /** What the member sees of its token (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<TokenView | null> {
    return readTokenView(viewPool(this.db), memberId, id);
  }

  /** The member's token, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<Token | null> {
    return this.db.token.findFirst({ where: { id, memberId } }).then(TOKEN_STATUS.rowOrNull);
  }

  /** For workers and callbacks, which act for whichever member owns the token. */
  findById(id: string): Promise<Token | null> {
    return this.db.token.findUnique({ where: { id } }).then(TOKEN_STATUS.rowOrNull);
  }

  /** One page of the member's tokens, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(memberId: MemberId, filter: TokenListFilter, limit: number, cursor?: TokenCursor): Promise<Token[]> {
    const and: Prisma.TokenWhereInput[] = [{ memberId }];
    if (filter.kinds !== undefined) and.push({ kind: { in: [...filter.kinds] } });
    if (filter.createdAfter !== undefined) and.push({ createdAt: { gte: filter.createdAfter } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lte: filter.createdBefore } });
    if (filter.actingAsRefId !== undefined) and.push({ actingAsRefId: filter.actingAsRefId });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.token
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(TOKEN_STATUS.rows);
  }

  /** The row locked for the caller's transaction (FOR UPDATE), or null. Call on a repository bound with in(tx). */
  async lock(id: string): Promise<Token | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM token WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0 ? null : this.findById(id);
  }

  /**
   * Adds `amount` to what the token has paid, only while the token is ACTIVE, unexpired at `now`
   * and the total stays within its lifetime amount: true when it was added. One statement, so
   * concurrent redemptions can never together pay more than the token allows.
   */
  async redeem(id: string, amount: string, now: Date): Promise<boolean> {
    const changed = await this.db.$executeRaw`
      UPDATE token SET redeemed_amount = redeemed_amount + ${amount}::numeric, version = version + 1, updated_at = ${now}
      WHERE id = ${id} AND status = 'ACTIVE' AND (expires_at IS NULL OR expires_at > ${now})
        AND (lifetime_amount IS NULL OR redeemed_amount + ${amount}::numeric <= lifetime_amount)`;
    return changed === 1;
  }

  /** Moves the token to `status` (CANCELLED or EXPIRED) if it is still ACTIVE: the token as changed, or null. */
  async end(id: string, status: 'CANCELLED' | 'EXPIRED', now: Date): Promise<Token | null> {
    const written = await this.db.token.updateMany({
      where: { id, status: 'ACTIVE' },
      data: {
        status,
        updatedAt: now,
        version: { increment: 1 },
        ...(status === 'CANCELLED' ? { cancelledAt: now } : {}),
      },
    });
    return written.count === 0 ? null : this.findById(id);
  }
}
