import { Body, Controller, Get, Inject, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  CreateMemberUseCase,
  DeleteMemberKeyUseCase,
  GetMemberUseCase,
  IssueApiKeyUseCase,
  ListApiKeysUseCase,
  ListMemberKeyDetailsUseCase,
  ListMembersUseCase,
  ListSubTppsUseCase,
  RevokeApiKeyUseCase,
  SubmitMemberKeyUseCase,
  UpdateMemberUseCase,
  type ConsoleSession,
  type MemberResource,
} from '#libs/application';
import { APP_CONFIG, html, stringFields, validateBody, type AppConfig, type SafeHtml } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { AdminMemberIdPipe, adminMemberId } from '../admin/admin-member-id.js';
import { ADMIN_PAGE_LIMIT } from '../admin/admin-paging.js';
import {
  CreateMemberRequest,
  IssueApiKeyRequest,
  ListMembersQuery,
  UpdateMemberRequest,
} from '../admin/members/member.dto.js';
import { SubmitKeyRequest } from '../keys/member-key.dto.js';
import { ConsoleErrorFilter } from './console-error.filter.js';
import { withNotice } from './console-links.js';
import {
  apiKeysTable,
  createMemberForm,
  memberFieldsTable,
  memberFlagsForm,
  memberKeysTable,
  memberPath,
  membersTable,
  rateLimitsTable,
  shownOnce,
  subTppsTable,
} from './console-members.page.js';
import { consoleHeader, NOTICES, noticeOf, sendConsolePage } from './console-page.js';
import { redirect } from './console-redirect.js';
import { CurrentConsoleSession } from './console-session.decorator.js';
import { ConsoleSessionGuard } from './console-session.guard.js';

/** How many sub-TPPs a member's page shows. */
const SUB_TPPS_SHOWN = 50;

/** A checkbox's value in a form: present when ticked. */
function ticked(fields: Readonly<Record<string, string>>, name: string): boolean {
  return fields[name] !== undefined;
}

/**
 * The members: the list and a form to create one; each member's page with its flags and status,
 * its API keys (issued and revoked here), its public keys, the rate limits that apply and its
 * sub-TPPs. Every change goes through the admin API's use cases; a new API key is shown in the
 * answer that made it, once.
 */
@ApiExcludeController()
@UseGuards(ConsoleSessionGuard)
@UseFilters(ConsoleErrorFilter)
@Controller('console/members')
export class ConsoleMembersController {
  constructor(
    private readonly createMember: CreateMemberUseCase,
    private readonly listMembers: ListMembersUseCase,
    private readonly getMember: GetMemberUseCase,
    private readonly updateMember: UpdateMemberUseCase,
    private readonly issueKey: IssueApiKeyUseCase,
    private readonly listApiKeys: ListApiKeysUseCase,
    private readonly revokeKey: RevokeApiKeyUseCase,
    private readonly listMemberKeys: ListMemberKeyDetailsUseCase,
    private readonly deleteMemberKey: DeleteMemberKeyUseCase,
    private readonly submitMemberKey: SubmitMemberKeyUseCase,
    private readonly listSubTpps: ListSubTppsUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async list(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Query() query: unknown,
  ): Promise<void> {
    const fields = stringFields(query);
    const { offset } = await validateBody(
      ListMembersQuery,
      fields.offset === undefined ? {} : { offset: fields.offset },
    );
    const page = await this.listMembers.execute({ limit: ADMIN_PAGE_LIMIT.default, offset });
    await sendConsolePage(
      reply,
      200,
      'Members',
      html`${noticeOf(fields.done)}${membersTable(page.members, page.paging.offset)}${createMemberForm(session.csrfToken)}`,
      consoleHeader(session.csrfToken),
    );
  }

  @Post()
  async create(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<void> {
    const fields = stringFields(body);
    const request = await validateBody(CreateMemberRequest, {
      name: (fields.name ?? '').trim(),
      regulated: ticked(fields, 'regulated'),
      reseller: ticked(fields, 'reseller'),
    });
    const { member, apiKey } = await this.createMember.execute(request);
    await this.sendMember(
      reply,
      session,
      member,
      201,
      shownOnce(NOTICES['member-created'], 'Its first API key', apiKey),
    );
  }

  @Get(':memberId')
  async member(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Query() query: unknown,
  ): Promise<void> {
    const member = await this.getMember.execute({ memberId });
    await this.sendMember(reply, session, member, 200, noticeOf(stringFields(query).done));
  }

  @Post(':memberId/flags')
  async flags(
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: unknown,
  ): Promise<void> {
    const fields = stringFields(body);
    const changes = await validateBody(UpdateMemberRequest, {
      regulated: ticked(fields, 'regulated'),
      reseller: ticked(fields, 'reseller'),
    });
    await this.updateMember.execute({ ...changes, memberId });
    await redirect(reply, withNotice(memberPath(memberId), 'member-updated'));
  }

  @Post(':memberId/status')
  async status(
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: unknown,
  ): Promise<void> {
    const changes = await validateBody(UpdateMemberRequest, { status: stringFields(body).status ?? '' });
    await this.updateMember.execute({ ...changes, memberId });
    await redirect(reply, withNotice(memberPath(memberId), 'member-updated'));
  }

  @Post(':memberId/api-keys')
  async issue(
    @CurrentConsoleSession() session: ConsoleSession,
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: unknown,
  ): Promise<void> {
    const label = (stringFields(body).label ?? '').trim();
    const request = await validateBody(IssueApiKeyRequest, label === '' ? {} : { label });
    const { apiKey, key } = await this.issueKey.execute({ memberId, label: request.label });
    const member = await this.getMember.execute({ memberId });
    await this.sendMember(reply, session, member, 201, shownOnce(NOTICES['key-issued'], `Key ${key.id}`, apiKey));
  }

  @Post(':memberId/api-keys/:keyId/revoke')
  async revokeApiKey(
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<void> {
    await this.revokeKey.execute({ memberId, keyId });
    await redirect(reply, withNotice(memberPath(memberId), 'key-revoked'));
  }

  @Post(':memberId/keys')
  async registerMemberKey(
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Body() body: unknown,
  ): Promise<void> {
    const { keyAlgorithm, publicKey, expiresAtMs } = stringFields(body);
    const request = await validateBody(SubmitKeyRequest, {
      keyAlgorithm,
      publicKey: (publicKey ?? '').trim(),
      ...(expiresAtMs === undefined || expiresAtMs.trim() === '' ? {} : { expiresAtMs: expiresAtMs.trim() }),
    });
    await this.getMember.execute({ memberId });
    await this.submitMemberKey.execute({ ...request, memberId });
    await redirect(reply, withNotice(memberPath(memberId), 'key-registered'));
  }

  @Post(':memberId/keys/:keyId/revoke')
  async revokeMemberKey(
    @Res() reply: FastifyReply,
    @Param('memberId', AdminMemberIdPipe) memberId: MemberId,
    @Param('keyId') keyId: string,
  ): Promise<void> {
    await this.getMember.execute({ memberId });
    await this.deleteMemberKey.execute({ memberId, keyId });
    await redirect(reply, withNotice(memberPath(memberId), 'key-revoked'));
  }

  private async sendMember(
    reply: FastifyReply,
    session: ConsoleSession,
    member: MemberResource,
    status: number,
    top: SafeHtml,
  ): Promise<void> {
    const memberId = adminMemberId(member.id);
    const [apiKeys, memberKeys, subTpps] = await Promise.all([
      this.listApiKeys.execute({ memberId }),
      this.listMemberKeys.execute({ memberId }),
      member.reseller
        ? this.listSubTpps.execute({
            memberId,
            reseller: true,
            limit: SUB_TPPS_SHOWN,
            companyNames: [],
            registrationDates: [],
          })
        : undefined,
    ]);
    await sendConsolePage(
      reply,
      status,
      `Member ${member.id}`,
      html`${top}${memberFieldsTable(member)}${memberFlagsForm(member, session.csrfToken)}${apiKeysTable(member.id, apiKeys, session.csrfToken)}${memberKeysTable(member.id, memberKeys, session.csrfToken)}${rateLimitsTable(this.config.rateLimits)}${subTppsTable(member, subTpps?.subTpps ?? [], subTpps?.offset !== undefined)}`,
      consoleHeader(session.csrfToken),
    );
  }
}
