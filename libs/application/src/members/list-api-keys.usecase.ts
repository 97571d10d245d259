import { Injectable } from '@nestjs/common';
import { ApiKeyRepository, MemberRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { apiKeyView, type ApiKeyResource } from './api-key-view.js';
import { requireMember } from './member-view.js';

export interface ListApiKeysCommand {
  readonly memberId: MemberId;
}

/** A member's sandbox API keys, revoked ones included. */
@Injectable()
export class ListApiKeysUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute({ memberId }: ListApiKeysCommand): Promise<ApiKeyResource[]> {
    await requireMember(this.members, memberId);
    return (await this.apiKeys.list(memberId)).map(apiKeyView);
  }
}
