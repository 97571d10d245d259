import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
import {
  CreateMemberUseCase,
  DeleteMemberKeyUseCase,
  GetMemberUseCase,
  IssueApiKeyUseCase,
  ListApiKeysUseCase,
  ListMemberKeysUseCase,
  ListMembersUseCase,
  RevokeApiKeyUseCase,
  SubmitMemberKeyUseCase,
  UpdateMemberUseCase,
} from '#libs/application';
import type { MemberId } from '#libs/domain';
import { AdminMemberIdPipe } from '../admin-member-id.js';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { GetKeysResponse, KeyIdResponse, SubmitKeyRequest } from '../../keys/member-key.dto.js';
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

@ApiTags('Admin: members')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/members')
export class MembersController {
  constructor(
    private readonly createMember: CreateMemberUseCase,
    private readonly listMembers: ListMembersUseCase,
    private readonly getMember: GetMemberUseCase,
    private readonly updateMember: UpdateMemberUseCase,
    private readonly issueKey: IssueApiKeyUseCase,
    private readonly listKeysOf: ListApiKeysUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
    private readonly submitMemberKey: SubmitMemberKeyUseCase,
    private readonly listMemberKeys: ListMemberKeysUseCase,
    private readonly deleteMemberKey: DeleteMemberKeyUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a member; answers its first API key (shown once).' })
  @ApiOkResponse({ type: CreateMemberResponse })
  create(@Body() body: CreateMemberRequest): Promise<CreateMemberResponse> {
    return this.createMember.execute(body);
  }

  @Get()
  @ApiOperation({ summary: 'List members (by id; `paging.offset` continues).' })
  @ApiOkResponse({ type: ListMembersResponse })
  list(@Query() query: ListMembersQuery): Promise<ListMembersResponse> {
    return this.listMembers.execute({ limit: query.limit ?? ADMIN_PAGE_LIMIT.default, offset: query.offset });
  }

  @Get(':memberId')
  @ApiOkResponse({ type: MemberResponse })
  async get(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberResponse> {
    return { member: await this.getMember.execute({ memberId }) };
  }

  @Patch(':memberId')
  @ApiOperation({ summary: 'Suspend or activate a member, or change its name and flags.' })
  @ApiOkResponse({ type: MemberResponse })
  async update(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: UpdateMemberRequest,
  ): Promise<MemberResponse> {
    return { member: await this.updateMember.execute({ ...body, memberId }) };
  }

  @Post(':memberId/api-keys')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a new sandbox API key (shown once).' })
  @ApiOkResponse({ type: IssueApiKeyResponse })
  issueApiKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: IssueApiKeyRequest,
  ): Promise<IssueApiKeyResponse> {
    return this.issueKey.execute({ memberId, label: body.label });
  }

  @Get(':memberId/api-keys')
  @ApiOkResponse({ type: ListApiKeysResponse })
  async listApiKeys(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<ListApiKeysResponse> {
    return { keys: await this.listKeysOf.execute({ memberId }) };
  }

  @Delete(':memberId/api-keys/:keyId')
  @ApiOperation({ summary: 'Revoke an API key.' })
  @ApiOkResponse({ schema: { type: 'object' } })
  async revokeApiKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<Record<string, never>> {
    await this.revokeKey.execute({ memberId, keyId });
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
    await this.getMember.execute({ memberId });
    return this.submitMemberKey.execute({ ...body, memberId });
  }

  @Get(':memberId/keys')
  @ApiOkResponse({ type: GetKeysResponse })
  async listKeys(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<GetKeysResponse> {
    await this.getMember.execute({ memberId });
    return { key: await this.listMemberKeys.execute({ memberId }) };
  }

  @Delete(':memberId/keys/:keyId')
  @ApiOkResponse({ schema: { type: 'object' } })
  async deleteKey(
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<Record<string, never>> {
    await this.deleteMemberKey.execute({ memberId, keyId });
    return {};
  }
}
