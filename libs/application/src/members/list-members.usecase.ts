import { Injectable } from '@nestjs/common';
import { MemberRepository } from '#libs/db';
import { memberView, type MemberResource } from './member-view.js';

export interface ListMembersCommand {
  readonly limit: number;
  /** The last member id of the previous page. */
  readonly offset: string | undefined;
}

export interface MembersPage {
  readonly members: MemberResource[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

/** Members by id, a page at a time. */
@Injectable()
export class ListMembersUseCase {
  constructor(private readonly members: MemberRepository) {}

  async execute({ limit, offset }: ListMembersCommand): Promise<MembersPage> {
    const members = await this.members.list(limit, offset);
    const last = members.length === limit ? members[members.length - 1] : undefined;
    return { members: members.map(memberView), paging: { limit, ...(last === undefined ? {} : { offset: last.id }) } };
  }
}
