import { Injectable } from '@nestjs/common';
import { ApiKeyRepository, MemberRepository } from '#libs/db';
import { hashApiKey, newApiKey, newId, type MemberId } from '#libs/domain';
import { apiKeyView, type ApiKeyResource } from './api-key-view.js';
import { requireMember } from './member-view.js';

export interface IssueApiKeyCommand {
  readonly memberId: MemberId;
  readonly label: string | undefined;
}

/** A new sandbox API key for a member (answered this once; only its hash is stored). */
@Injectable()
export class IssueApiKeyUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async execute({ memberId, label }: IssueApiKeyCommand): Promise<{ key: ApiKeyResource; apiKey: string }> {
    await requireMember(this.members, memberId);
    const apiKey = newApiKey();
    const key = await this.apiKeys.create(memberId, {
      id: newId('ak'),
      keyHash: hashApiKey(apiKey),
      ...(label === undefined ? {} : { label }),
    });
    return { key: apiKeyView(key), apiKey };
  }
}
