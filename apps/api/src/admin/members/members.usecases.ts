import { Injectable } from '@nestjs/common';
import { CredentialChanges } from '#libs/auth';
import { Clock, GatewayError } from '#libs/common';
import { ApiKeyRepository, MemberRepository, type ApiKeyView as StoredApiKey, type Member } from '#libs/db';
import { hashApiKey, newApiKey, newId, type MemberId } from '#libs/domain';
import type {
  ApiKeyView,
  CreateMemberRequest,
  CreateMemberResponse,
  IssueApiKeyResponse,
  ListMembersResponse,
  MemberView,
  UpdateMemberRequest,
} from './member.dto.js';

export function memberView(member: Member): MemberView {
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

function apiKeyView(key: StoredApiKey): ApiKeyView {
  return {
    id: key.id,
    ...(key.label === null ? {} : { label: key.label }),
    createdDateTime: key.createdAt.toISOString(),
    ...(key.lastUsedAt === null ? {} : { lastUsedDateTime: key.lastUsedAt.toISOString() }),
    ...(key.revokedAt === null ? {} : { revokedDateTime: key.revokedAt.toISOString() }),
  };
}

/** Operator use cases over members and their sandbox API keys. */
@Injectable()
export class MembersUseCases {
  constructor(
    private readonly members: MemberRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly clock: Clock,
    private readonly credentials: CredentialChanges,
  ) {}

  async create(request: CreateMemberRequest): Promise<CreateMemberResponse> {
    const apiKey = newApiKey();
    const member = await this.members.createWithApiKey(
      { id: newId('m'), name: request.name, regulated: request.regulated ?? true, reseller: request.reseller ?? false },
      { id: newId('ak'), keyHash: hashApiKey(apiKey) },
    );
    return { member: memberView(member), apiKey };
  }

  async list(limit: number, offset: string | undefined): Promise<ListMembersResponse> {
    const members = await this.members.list(limit, offset);
    const last = members.length === limit ? members[members.length - 1] : undefined;
    return { members: members.map(memberView), paging: { limit, ...(last === undefined ? {} : { offset: last.id }) } };
  }

  async get(memberId: MemberId): Promise<MemberView> {
    return memberView(await this.require(memberId));
  }

  async update(memberId: MemberId, request: UpdateMemberRequest): Promise<MemberView> {
    const member = await this.members.update(memberId, request);
    if (member === null) throw GatewayError.notFound(memberId, `Member ${memberId} not found.`);
    // Status and flags travel with cached credentials: every replica reads them again.
    await this.credentials.announce();
    return memberView(member);
  }

  async issueApiKey(memberId: MemberId, label: string | undefined): Promise<IssueApiKeyResponse> {
    await this.require(memberId);
    const apiKey = newApiKey();
    const key = await this.apiKeys.create(memberId, {
      id: newId('ak'),
      keyHash: hashApiKey(apiKey),
      ...(label === undefined ? {} : { label }),
    });
    return { key: apiKeyView(key), apiKey };
  }

  async listApiKeys(memberId: MemberId): Promise<ApiKeyView[]> {
    await this.require(memberId);
    return (await this.apiKeys.list(memberId)).map(apiKeyView);
  }

  async revokeApiKey(memberId: MemberId, keyId: string): Promise<void> {
    if (!(await this.apiKeys.revoke(memberId, keyId, this.clock.now()))) {
      throw GatewayError.notFound(keyId, `API key ${keyId} not found.`);
    }
    await this.credentials.announce();
  }

  private async require(memberId: MemberId): Promise<Member> {
    const member = await this.members.find(memberId);
    if (member === null) throw GatewayError.notFound(memberId, `Member ${memberId} not found.`);
    return member;
  }
}
