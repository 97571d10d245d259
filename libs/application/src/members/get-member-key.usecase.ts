import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { MemberKeyRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberKeyView, type MemberKeyResource } from './member-key-view.js';

export interface GetMemberKeyCommand {
  readonly memberId: MemberId;
  readonly keyId: string;
}

/** One of a member's public keys, or 404. */
@Injectable()
export class GetMemberKeyUseCase {
  constructor(private readonly keys: MemberKeyRepository) {}

  async execute({ memberId, keyId }: GetMemberKeyCommand): Promise<MemberKeyResource> {
    const key = await this.keys.find(memberId, keyId);
    if (key === null) throw GatewayError.notFound(keyId, `Key ${keyId} not found.`);
    return memberKeyView(key);
  }
}
