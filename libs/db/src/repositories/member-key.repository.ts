import type { KeyAlgorithm, Member, MemberKey } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';

export interface NewMemberKey {
  readonly id: string;
  readonly keyAlgorithm: KeyAlgorithm;
  readonly publicKey: string;
  readonly spkiPem: string;
  readonly expiresAt: Date | null;
}

/** Members' public keys for JWT authentication. Every method is scoped by member. */
export class MemberKeyRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(memberId: string, key: NewMemberKey): Promise<MemberKey> {
    return this.prisma.memberKey.create({ data: { memberId, ...key } });
  }

  list(memberId: string): Promise<MemberKey[]> {
    return this.prisma.memberKey.findMany({ where: { memberId }, orderBy: { createdAt: 'asc' } });
  }

  find(memberId: string, id: string): Promise<MemberKey | null> {
    return this.prisma.memberKey.findFirst({ where: { id, memberId } });
  }

  /** The key `kid` of member `mid`, with its member, if the key has not expired at `now`. */
  findUsable(memberId: string, id: string, now: Date): Promise<(MemberKey & { member: Member }) | null> {
    return this.prisma.memberKey.findFirst({
      where: { id, memberId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      include: { member: true },
    });
  }

  async delete(memberId: string, id: string): Promise<boolean> {
    const result = await this.prisma.memberKey.deleteMany({ where: { id, memberId } });
    return result.count === 1;
  }
}
