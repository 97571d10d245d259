import { Injectable } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { GatewayError } from '#libs/common';
import { MemberRepository, type MemberChanges } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberView, type MemberResource } from './member-view.js';

export interface UpdateMemberCommand extends MemberChanges {
  readonly memberId: MemberId;
}

/** Suspends or activates a member, or changes its name and flags. */
@Injectable()
export class UpdateMemberUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly credentials: CredentialChanges,
  ) {}

  async execute({ memberId, ...changes }: UpdateMemberCommand): Promise<MemberResource> {
    const member = await this.members.update(memberId, changes);
    if (member === null) throw GatewayError.notFound(memberId, `Member ${memberId} not found.`);
    // Status and flags travel with cached credentials: every replica reads them again.
    await this.credentials.announce();
    return memberView(member);
  }
}
