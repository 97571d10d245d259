import { Injectable } from '@nestjs/common';
import { MemberKeyRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberKeyView, type MemberKeyResource } from './member-key-view.js';

export interface ListMemberKeysCommand {
  readonly memberId: MemberId;
}

/** A member's public keys. */
@Injectable()
export class ListMemberKeysUseCase {
  constructor(private readonly keys: MemberKeyRepository) {}

  async execute({ memberId }: ListMemberKeysCommand): Promise<MemberKeyResource[]> {
    return (await this.keys.list(memberId)).map(memberKeyView);
  }
}
