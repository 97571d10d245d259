import type { Member, MemberStatus } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';

export interface NewMember {
  readonly id: string;
  readonly name: string;
  readonly regulated: boolean;
  readonly reseller: boolean;
}

export interface MemberChanges {
  readonly name?: string;
  readonly regulated?: boolean;
  readonly reseller?: boolean;
  readonly status?: MemberStatus;
}

/** Members (TPPs). Operator-level access: only the admin API and authentication use it. */
export class MemberRepository {
  constructor(private readonly prisma: PrismaService) {}

  createWithApiKey(member: NewMember, apiKey: { id: string; keyHash: string }): Promise<Member> {
    return this.prisma.member.create({
      data: { ...member, apiKeys: { create: { id: apiKey.id, keyHash: apiKey.keyHash, label: 'initial' } } },
    });
  }

  find(id: string): Promise<Member | null> {
    return this.prisma.member.findUnique({ where: { id } });
  }

  list(limit: number, afterId: string | undefined): Promise<Member[]> {
    return this.prisma.member.findMany({
      where: afterId === undefined ? {} : { id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  async update(id: string, changes: MemberChanges): Promise<Member | null> {
    const result = await this.prisma.member.updateMany({ where: { id }, data: changes });
    return result.count === 0 ? null : this.find(id);
  }
}
