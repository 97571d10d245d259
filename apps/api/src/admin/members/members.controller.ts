import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
import type { MemberId } from '#libs/domain';
import { AdminMemberIdPipe } from '../admin-member-id.js';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { GetKeysResponse, KeyIdResponse, SubmitKeyRequest } from '../../keys/member-key.dto.js';
import { MemberKeysUseCases } from '../../keys/member-keys.usecases.js';
import {
  CreateMemberRequest,
  CreateMemberResponse,
  IssueApiKeyRequest,
  IssueApiKeyResponse,
  ListApiKeysResponse,
  ListMembersQuery,
  ListMembersResponse,
  MemberResponse,
  UpdateMemberRequest,
} from './member.dto.js';
import { MembersUseCases } from './members.usecases.js';

@ApiTags('Admin: members')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/members')
export class MembersController {
  constructor(
    private readonly members: MembersUseCases,
    private readonly keys: MemberKeysUseCases,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a member; answers its first API key (shown once).' })
  @ApiOkResponse({ type: CreateMemberResponse })
  create(@Body() body: CreateMemberRequest): Promise<CreateMemberResponse> {
    return this.members.create(body);
  }

  @Get()
  @ApiOperation({ summary: 'List members (by id; `paging.offset` continues).' })
  @ApiOkResponse({ type: ListMembersResponse })
  list(@Query() query: ListMembersQuery): Promise<ListMembersResponse> {
    return this.members.list(query.limit ?? ADMIN_PAGE_LIMIT.default, query.offset);
  }

  @Get(':memberId')
  @ApiOkResponse({ type: MemberResponse })
  async get(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberResponse> {
    return { member: await this.members.get(memberId) };
  }

  @Patch(':memberId')
  @ApiOperation({ summary: 'Suspend or activate a member, or change its name and flags.' })
  @ApiOkResponse({ type: MemberResponse })
  async update(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: UpdateMemberRequest,
  ): Promise<MemberResponse> {
    return { member: await this.members.update(memberId, body) };
  }

  @Post(':memberId/api-keys')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a new sandbox API key (shown once).' })
  @ApiOkResponse({ type: IssueApiKeyResponse })
  issueApiKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: IssueApiKeyRequest,
  ): Promise<IssueApiKeyResponse> {
    return this.members.issueApiKey(memberId, body.label);
  }

  @Get(':memberId/api-keys')
  @ApiOkResponse({ type: ListApiKeysResponse })
  async listApiKeys(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<ListApiKeysResponse> {
    return { keys: await this.members.listApiKeys(memberId) };
  }

  @Delete(':memberId/api-keys/:keyId')
  @ApiOperation({ summary: 'Revoke an API key.' })
  @ApiOkResponse({ schema: { type: 'object' } })
  async revokeApiKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<Record<string, never>> {
    await this.members.revokeApiKey(memberId, keyId);
    return {};
  }

  @Post(':memberId/keys')
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a public key for the member (Bearer JWT authentication).' })
  @ApiOkResponse({ type: KeyIdResponse })
  async submitKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: SubmitKeyRequest,
  ): Promise<KeyIdResponse> {
    await this.members.get(memberId);
    return this.keys.submit(memberId, body);
  }

  @Get(':memberId/keys')
  @ApiOkResponse({ type: GetKeysResponse })
  async listKeys(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<GetKeysResponse> {
    await this.members.get(memberId);
    return { key: await this.keys.list(memberId) };
  }

  @Delete(':memberId/keys/:keyId')
  @ApiOkResponse({ schema: { type: 'object' } })
  async deleteKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<Record<string, never>> {
    await this.keys.delete(memberId, keyId);
    return {};
  }
}
