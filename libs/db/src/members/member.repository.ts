import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Member, MemberStatus } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

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
  /** Payments v1: whether a transfer token is redeemed as the user authorises it. */
  readonly autoRedeem?: boolean;
  readonly status?: MemberStatus;
}

/** Members (TPPs). Operator-level access: only the admin API and authentication use it. */
@Injectable()
export class MemberRepository extends Repository {
  createWithApiKey(member: NewMember, apiKey: { id: string; keyHash: string }): Promise<Member> {
    return this.db.member.create({
      data: { ...member, apiKeys: { create: { id: apiKey.id, keyHash: apiKey.keyHash, label: 'initial' } } },
    });
  }

  find(memberId: MemberId): Promise<Member | null> {
    return this.db.member.findUnique({ where: { id: memberId } });
  }

  /**
   * The display name of the member that owns a stored row (a payment's `memberId`): what pages
   * shown to the paying user and banks' consent pages name. Only the name leaves.
   */
  async displayNameOfOwner(memberId: string): Promise<string | undefined> {
    const member = await this.db.member.findUnique({ where: { id: memberId }, select: { name: true } });
    return member?.name;
  }

  /**
   * Whether the member that owns a stored row (a token request's `memberId`) has its transfer
   * tokens redeemed as the user authorises them (Payments v1 auto-redeem; true when unknown).
   */
  async autoRedeemOfOwner(memberId: string): Promise<boolean> {
    const member = await this.db.member.findUnique({ where: { id: memberId }, select: { autoRedeem: true } });
    return member?.autoRedeem ?? true;
  }

  list(limit: number, afterId: string | undefined): Promise<Member[]> {
    return this.db.member.findMany({
      where: afterId === undefined ? {} : { id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: limit,
    });
  }

  async update(memberId: MemberId, changes: MemberChanges): Promise<Member | null> {
    const result = await this.db.member.updateMany({ where: { id: memberId }, data: changes });
    return result.count === 0 ? null : this.find(memberId);
  }
}
