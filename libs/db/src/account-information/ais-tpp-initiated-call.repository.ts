import { Injectable } from '@nestjs/common';
import { newId } from '#libs/domain';
import { Repository } from '../repository.js';

export interface TppInitiatedCallClaim {
  readonly memberId: string;
  readonly tokenId: string;
  readonly bankId: string;
  readonly now: Date;
  /** The start of the rolling window (now minus 24 hours). */
  readonly windowStart: Date;
  readonly limit: number;
}

/** Account-information calls made without the user present, counted per token and bank. */
@Injectable()
export class AisTppInitiatedCallRepository extends Repository {
  /**
   * Records one call when fewer than `limit` were made in the window: true when it was recorded.
   * Calls for one token and bank are serialised (a transaction-scoped advisory lock), so two
   * concurrent calls can never both take the last one.
   */
  claim(claim: TppInitiatedCallClaim): Promise<boolean> {
    return this.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`ais-tpp:${claim.tokenId}:${claim.bankId}`}))`;
      const used = await tx.aisTppInitiatedCall.count({
        where: { tokenId: claim.tokenId, bankId: claim.bankId, calledAt: { gt: claim.windowStart } },
      });
      if (used >= claim.limit) return false;
      await tx.aisTppInitiatedCall.create({
        data: {
          id: newId('ais'),
          memberId: claim.memberId,
          tokenId: claim.tokenId,
          bankId: claim.bankId,
          calledAt: claim.now,
        },
      });
      return true;
    });
  }

  /**
   * Deletes up to `limit` calls made at or before `windowStart`, which no count reads any more
   * (any member: retention, not member data). The table holds about a day of calls once pruned, so
   * each statement's scan stops at its first `limit` old rows without an index of its own; rows
   * another transaction holds are skipped.
   */
  async purgeCalledUpTo(windowStart: Date, limit: number): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM ais_tpp_initiated_call
      WHERE id IN (
        SELECT id FROM ais_tpp_initiated_call WHERE called_at <= ${windowStart}
        LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  }
}
