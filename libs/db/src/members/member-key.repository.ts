import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { KeyAlgorithm, Member, MemberKey } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

export interface NewMemberKey {
  readonly id: string;
  readonly keyAlgorithm: KeyAlgorithm;
  readonly publicKey: string;
  readonly spkiPem: string;
  readonly expiresAt: Date | null;
}

/**
 * Members' public keys for JWT authentication. Every method is scoped by member; the
 * authentication lookup takes the member id a token claims (not yet a MemberId: the key it finds
 * is what proves it).
 */
@Injectable()
export class MemberKeyRepository extends Repository {
  create(memberId: MemberId, key: NewMemberKey): Promise<MemberKey> {
    return this.db.memberKey.create({ data: { memberId, ...key } });
  }

  list(memberId: MemberId): Promise<MemberKey[]> {
    return this.db.memberKey.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
  }

  find(memberId: MemberId, id: string): Promise<MemberKey | null> {
    return this.db.memberKey.findFirst({ where: { id, memberId } });
  }

  /** The key `id` of the member a token claims, with its member, if the key has not expired at `now`. */
  findUsable(claimedMemberId: string, id: string, now: Date): Promise<(MemberKey & { member: Member }) | null> {
    return this.db.memberKey.findFirst({
      where: { id, memberId: claimedMemberId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      include: { member: true },
    });
  }

  async delete(memberId: MemberId, id: string): Promise<boolean> {
    const result = await this.db.memberKey.deleteMany({ where: { id, memberId } });
    return result.count === 1;
  }
}
