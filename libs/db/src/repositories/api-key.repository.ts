import type { ApiKey, Member } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';

/** How stale `last_used_at` may get before a use is written again (keeps auth off the write path). */
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeyView = Omit<ApiKey, 'keyHash'>;

/** Sandbox API keys. Every method but the authentication lookup is scoped by member. */
export class ApiKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The key with this hash, if it is not revoked, with its member. */
  findActiveByHash(keyHash: string): Promise<(ApiKey & { member: Member }) | null> {
    return this.prisma.apiKey.findFirst({ where: { keyHash, revokedAt: null }, include: { member: true } });
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.prisma.apiKey.updateMany({
      where: {
        id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }],
      },
      data: { lastUsedAt: now },
    });
  }

  async create(memberId: string, key: { id: string; keyHash: string; label?: string }): Promise<ApiKeyView> {
    const { keyHash: _hidden, ...view } = await this.prisma.apiKey.create({ data: { memberId, ...key } });
    return view;
  }

  list(memberId: string): Promise<ApiKeyView[]> {
    return this.prisma.apiKey.findMany({
      where: { memberId },
      orderBy: { createdAt: 'asc' },
      omit: { keyHash: true },
    });
  }

  /** Revokes one of the member's keys; false when the member has no such key. */
  async revoke(memberId: string, id: string, now: Date): Promise<boolean> {
    const result = await this.prisma.apiKey.updateMany({
      where: { id, memberId, revokedAt: null },
      data: { revokedAt: now },
    });
    if (result.count === 1) return true;
    return (await this.prisma.apiKey.count({ where: { id, memberId } })) === 1;
  }
}
