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
}
