import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** Bank answers kept for a short time per member and token (account information). */
@Injectable()
export class AisCachedReadRepository extends Repository {
  /** The answer stored under the key at or after `freshAfter`, or null. */
  async find(memberId: string, tokenId: string, readKey: string, freshAfter: Date): Promise<unknown> {
    const row = await this.db.aisCachedRead.findFirst({
      where: { memberId, tokenId, readKey, fetchedAt: { gte: freshAfter } },
      select: { body: true },
    });
    return row === null ? null : row.body;
  }

  async store(memberId: string, tokenId: string, readKey: string, body: unknown, fetchedAt: Date): Promise<void> {
    const json = body as Prisma.InputJsonValue;
    await this.db.aisCachedRead.upsert({
      where: { memberId_tokenId_readKey: { memberId, tokenId, readKey } },
      create: { memberId, tokenId, readKey, body: json, fetchedAt },
      update: { body: json, fetchedAt },
    });
  }

  /**
   * Deletes up to `limit` answers fetched before `fetchedBefore` (any member: retention, not
   * member data), oldest first by the indexed `fetched_at`. Rows another transaction holds are
   * skipped, and the age is checked again on the locked row, so an answer just stored again is kept.
   */
  async purgeFetchedBefore(fetchedBefore: Date, limit: number): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM ais_cached_read
      WHERE fetched_at < ${fetchedBefore}
        AND (member_id, token_id, read_key) IN (
          SELECT member_id, token_id, read_key FROM ais_cached_read WHERE fetched_at < ${fetchedBefore}
          ORDER BY fetched_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  }
}
