import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { ApiKey, Member } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** How stale `last_used_at` may get before a use is written again (keeps auth off the write path). */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeyView = Omit<ApiKey, 'keyHash'>;

/**
 * Sandbox API keys. Every method is scoped by member but the authentication lookup (by hash, which
 * is how the member is found), its `touch`, and the retention purge (any member).
 */
@Injectable()
export class ApiKeyRepository extends Repository {
  /** The key with this hash, if it is not revoked, with its member. */
  findActiveByHash(keyHash: string): Promise<(ApiKey & { member: Member }) | null> {
    return this.db.apiKey.findFirst({ where: { keyHash, revokedAt: null }, include: { member: true } });
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.db.apiKey.updateMany({
      where: {
        id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }],
      },
      data: { lastUsedAt: now },
    });
  }

  async create(memberId: MemberId, key: { id: string; keyHash: string; label?: string }): Promise<ApiKeyView> {
    const { keyHash: _hidden, ...view } = await this.db.apiKey.create({ data: { memberId, ...key } });
    return view;
  }

  list(memberId: MemberId): Promise<ApiKeyView[]> {
    return this.db.apiKey.findMany({
      where: { memberId },
      orderBy: { createdAt: 'asc' },
      omit: { keyHash: true },
    });
  }

  /** Revokes one of the member's keys; false when the member has no such key. */
  async revoke(memberId: MemberId, id: string, now: Date): Promise<boolean> {
    const result = await this.db.apiKey.updateMany({
      where: { id, memberId, revokedAt: null },
      data: { revokedAt: now },
    });
    if (result.count === 1) return true;
    return (await this.db.apiKey.count({ where: { id, memberId } })) === 1;
  }

  /** Retention (any member): deletes keys revoked before `cutoff`; answers how many. */
  async purgeRevokedBefore(cutoff: Date): Promise<number> {
    const result = await this.db.apiKey.deleteMany({ where: { revokedAt: { lt: cutoff } } });
    return result.count;
  }
}
