import { Injectable } from '@nestjs/common';
import type { MemberId, TokenRequestStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { jsonColumn } from '../json-column.js';
import { PrismaService } from '../prisma.service.js';
import { Repository } from '../repository.js';
import type { NewRowTimer } from '../row-writes/index.js';
import { TOKEN_REQUEST_STATUS, type TokenRequest } from './token-request-row.js';
import { insertTokenRequest, TOKEN_REQUEST_SHAPE } from './token-request-statements.js';

/** A token request about to be stored: every column but those a new row always starts with. */
export type NewTokenRequest = Omit<Prisma.TokenRequestUncheckedCreateInput, 'version' | 'status'> & {
  readonly status: TokenRequestStatus;
};

/** What POST /token-requests stores: the columns a new request sets (the others start empty). */
export interface NewPendingTokenRequest {
  readonly id: string;
  readonly memberId: string;
  readonly kind: string;
  readonly refId: string;
  readonly requestOptions: Prisma.InputJsonObject;
  readonly requestPayload: Prisma.InputJsonObject;
  /** A transfer to a settlement account: the account as resolved for the bank (ResolvedSettlementCreditor). */
  readonly settlementCreditor: Prisma.InputJsonObject | null;
  readonly bankId: string | null;
  readonly status: TokenRequestStatus;
  readonly callbackToken: string;
  readonly nonce: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a change of a token request writes. Absent fields keep their value. */
export interface TokenRequestChange {
  readonly status?: TokenRequestStatus;
  readonly updatedAt: Date;
  readonly bankId?: string;
  readonly statusReasonInformation?: string | null;
  readonly authorization?: Prisma.InputJsonValue | null;
  readonly bankConsentId?: string | null;
  readonly bankContinuation?: Prisma.InputJsonValue | null;
  readonly tokenId?: string;
  readonly transferId?: string;
  readonly standingOrderSubmissionId?: string;
  readonly signature?: Prisma.InputJsonValue;
  /** The future-dated opening a transfer request is made for (null: paid as requested). */
  readonly convertedExecutionDate?: string | null;
}

/**
 * A new request's row as the database will hold it: the columns POST /token-requests leaves out
 * at their initial values (null; the version at 0).
 */
export function tokenRequestFromNew(row: NewPendingTokenRequest): TokenRequest {
  return TOKEN_REQUEST_SHAPE.fromNew(row);
}

/** A new request's timer row (`scheduled_job`), written with it. */
export type NewTokenRequestTimer = NewRowTimer;

/** Token requests (POST /token-requests and what follows). */
@Injectable()
export class TokenRequestRepository extends Repository {
  constructor(private readonly prisma: PrismaService) {
    super(prisma);
  }

  insert(row: NewTokenRequest): Promise<TokenRequest> {
    return this.db.tokenRequest.create({ data: row }).then(TOKEN_REQUEST_STATUS.row);
  }

  /**
   * Stores a new request (as tokenRequestFromNew gives it) with its timer row, in one statement
   * on the client's pool (see token-request-statements.ts); a transaction of its own. Answers the
   * request as stored.
   */
  insertWithTimer(row: TokenRequest, timer: NewTokenRequestTimer | null): Promise<TokenRequest> {
    if (this.db !== this.prisma) throw new Error('insertWithTimer is a transaction of its own');
    return insertTokenRequest(this.prisma.pool, row, [], timer);
  }

  /** The member's token request, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findFirst({ where: { id, memberId } }).then(TOKEN_REQUEST_STATUS.rowOrNull);
  }

  /** For workers, hosted pages and bank callbacks, which act for whichever member owns the request. */
  findById(id: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findUnique({ where: { id } }).then(TOKEN_REQUEST_STATUS.rowOrNull);
  }

  findByCallbackToken(callbackToken: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findUnique({ where: { callbackToken } }).then(TOKEN_REQUEST_STATUS.rowOrNull);
  }

  /** Names the transfer a PROCESSED transfer request's token paid (the result's transferId). */
  async attachTransfer(id: string, transferId: string, now: Date): Promise<void> {
    await this.db.tokenRequest.update({
      where: { id },
      data: { transferId, updatedAt: now, version: { increment: 1 } },
    });
  }

  /** The row locked for the caller's transaction (FOR UPDATE), or null. Call on a repository bound with in(tx). */
  async lock(id: string): Promise<TokenRequest | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM token_request WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0 ? null : this.findById(id);
  }

  /**
   * Writes `change` if the row is still at `expected`'s version (and bumps it): the row as
   * changed, or null when someone changed it first.
   */
  async update(
    expected: Pick<TokenRequest, 'id' | 'version'>,
    change: TokenRequestChange,
  ): Promise<TokenRequest | null> {
    const { authorization, bankContinuation, ...plain } = change;
    const written = await this.db.tokenRequest.updateMany({
      where: { id: expected.id, version: expected.version },
      data: {
        ...plain,
        authorization: jsonColumn(authorization),
        bankContinuation: jsonColumn(bankContinuation),
        version: { increment: 1 },
      },
    });
    return written.count === 0 ? null : this.findById(expected.id);
  }
}
