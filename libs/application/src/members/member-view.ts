import { GatewayError } from '#libs/common';
import type { Member, MemberRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** A member as the admin API shows it. */
export interface MemberResource {
  readonly id: string;
  readonly name: string;
  readonly regulated: boolean;
  readonly reseller: boolean;
  readonly autoRedeem: boolean;
  readonly status: Member['status'];
  readonly createdDateTime: string;
}

export function memberView(member: Member): MemberResource {
  return {
    id: member.id,
    name: member.name,
    regulated: member.regulated,
    reseller: member.reseller,
    autoRedeem: member.autoRedeem,
    status: member.status,
    createdDateTime: member.createdDateTime.toISOString(),
  };
}

/** The member, or 404. */
export async function requireMember(members: MemberRepository, memberId: MemberId): Promise<Member> {
  const member = await members.find(memberId);
  if (member === null) throw GatewayError.notFound(memberId, `Member ${memberId} not found.`);
  return member;
}
