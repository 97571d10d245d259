import { Injectable } from '@nestjs/common';
import { MemberRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberView, requireMember, type MemberResource } from './member-view.js';

export interface GetMemberCommand {
  readonly memberId: MemberId;
}

/** One member, or 404. */
@Injectable()
export class GetMemberUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute({ memberId }: GetMemberCommand): Promise<MemberResource> {
    return memberView(await requireMember(this.members, memberId));
  }
}
