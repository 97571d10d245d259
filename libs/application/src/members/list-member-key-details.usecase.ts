import { Injectable } from '@nestjs/common';
import { MemberKeyRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberKeyDetail, type MemberKeyDetail } from './member-key-detail.js';

export interface ListMemberKeyDetailsCommand {
  readonly memberId: MemberId;
}

/** A member's public keys with their registration and expiry times (the operations console). */
@Injectable()
export class ListMemberKeyDetailsUseCase {
  constructor(private readonly keys: MemberKeyRepository) {}

  async execute({ memberId }: ListMemberKeyDetailsCommand): Promise<MemberKeyDetail[]> {
    return (await this.keys.list(memberId)).map(memberKeyDetail);
  }
}
