import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, TokenRequest } from '../generated/prisma/client.js';
import { jsonColumn } from '../json-column.js';
import { Repository } from '../repository.js';

/** A token request about to be stored: every column but those a new row always starts with. */
export type NewTokenRequest = Omit<Prisma.TokenRequestUncheckedCreateInput, 'version'>;

/** What a change of a token request writes. Absent fields keep their value. */
export interface TokenRequestChange {
  readonly status?: string;
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

/** Token requests (POST /token-requests and what follows). */
@Injectable()
export class TokenRequestRepository extends Repository {
  insert(row: NewTokenRequest): Promise<TokenRequest> {
    return this.db.tokenRequest.create({ data: row });
  }

  /** The member's token request, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findFirst({ where: { id, memberId } });
  }

  /** For workers, hosted pages and bank callbacks, which act for whichever member owns the request. */
  findById(id: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findUnique({ where: { id } });
  }

  findByCallbackToken(callbackToken: string): Promise<TokenRequest | null> {
    return this.db.tokenRequest.findUnique({ where: { callbackToken } });
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
