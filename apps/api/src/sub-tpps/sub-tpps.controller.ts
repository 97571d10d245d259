import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import {
  CreateSubTppUseCase,
  DeleteSubTppUseCase,
  GetSubTppUseCase,
  ListSubTppChildrenUseCase,
  ListSubTppsUseCase,
  type SubTppResource,
  type SubTppsPage,
} from '#libs/application';
import { SUB_TPP_STATUSES } from '#libs/domain';
import { CreateSubTppRequest, SubTppMerchantDto, toCreateSubTppCommand } from './dto/create-sub-tpp.request.js';
import { ListSubTppsQuery, toListSubTppsCommand } from './dto/list-sub-tpps.query.js';
import {
  CREATE_SUB_TPP_ANSWER_EXAMPLE,
  CREATE_SUB_TPP_EXAMPLES,
  DELETE_SUB_TPP_ANSWER_EXAMPLE,
  SUB_TPPS_ANSWER_EXAMPLE,
  SUB_TPP_ANSWER_EXAMPLE,
  SUB_TPP_CHILDREN_ANSWER_EXAMPLE,
} from './sub-tpp-examples.js';

/** The two onboarding flows' status paths, as every operation describes them. */
const STATUS_PATHS =
  'Statuses: the old onboarding flow (useNewFlow absent or false) creates the sub-TPP ACTIVATED; the new flow (useNewFlow true) creates it AWAITING_APPROVAL, an onboarding review that ends ACTIVATED or REJECTED (the gateway has no reviewing operator yet, so a new-flow sub-TPP stays AWAITING_APPROVAL). DELETE makes any of them DEACTIVATED (final). Only an ACTIVATED sub-TPP may be a parent or a payment’s initiation.onBehalfOfId.';

const ACCESS = 'Only members flagged as resellers (admin API) may use it: 403 ResellerOnly otherwise.';

const SUB_TPP = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    memberId: { type: 'string' },
    name: { type: 'string' },
    domain: { type: 'string' },
    logo: { type: 'string', format: 'byte' },
    mccCode: { type: 'string' },
    merchant: { $ref: getSchemaPath(SubTppMerchantDto) },
    parentSubTppId: { type: 'string' },
    childSubTppIds: { type: 'array', items: { type: 'string' } },
    restrictedCountries: { type: 'array', items: { type: 'string' } },
    status: { type: 'string', enum: [...SUB_TPP_STATUSES] },
    statusReasonInformation: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
};

@ApiTags('Sub-TPPs')
@Controller('member/sub-tpps')
export class SubTppsController {
  constructor(
    private readonly create: CreateSubTppUseCase,
    private readonly list: ListSubTppsUseCase,
    private readonly get: GetSubTppUseCase,
    private readonly children: ListSubTppChildrenUseCase,
    private readonly remove: DeleteSubTppUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create a sub-TPP',
    operationId: 'GatewayService.CreateSubTpp',
    description: `Onboards a merchant as a sub-TPP of the reseller member; its id is the actingAs.refId of token requests and the onBehalfOfId of payments. A parentSubTppId must be one of the member’s ACTIVATED sub-TPPs (400 naming it otherwise). ${ACCESS} ${STATUS_PATHS}`,
  })
  @ApiBody({ type: CreateSubTppRequest, examples: CREATE_SUB_TPP_EXAMPLES })
  @ApiOkResponse({
    schema: { type: 'object', properties: { subTppId: { type: 'string' } } },
    example: CREATE_SUB_TPP_ANSWER_EXAMPLE,
  })
  createSubTpp(
    @CurrentMember() member: MemberContext,
    @Body() body: CreateSubTppRequest,
  ): Promise<{ subTppId: string }> {
    return this.create.execute(toCreateSubTppCommand(member, body));
  }

  @Get()
  @ApiOperation({
    summary: 'List sub-TPPs',
    operationId: 'GatewayService.RetrieveSubTpps',
    description: `The member’s sub-TPPs (deleted ones left out), newest first; \`offset\` (opaque) continues with the next page. ${ACCESS} ${STATUS_PATHS}`,
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { offset: { type: 'string' }, subTpps: { type: 'array', items: SUB_TPP } } },
    example: SUB_TPPS_ANSWER_EXAMPLE,
  })
  listSubTpps(@CurrentMember() member: MemberContext, @Query() query: ListSubTppsQuery): Promise<SubTppsPage> {
    return this.list.execute(toListSubTppsCommand(member, query));
  }

  @Get(':subTppId')
  @ApiOperation({
    summary: 'Get a sub-TPP',
    operationId: 'GatewayService.RetrieveSubTpp',
    description: `The member’s sub-TPP; 404 for a deleted one or another member’s. ${ACCESS} ${STATUS_PATHS}`,
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { subTpp: SUB_TPP } }, example: SUB_TPP_ANSWER_EXAMPLE })
  async getSubTpp(
    @CurrentMember() member: MemberContext,
    @Param('subTppId') subTppId: string,
  ): Promise<{ subTpp: SubTppResource }> {
    return { subTpp: await this.get.execute({ memberId: member.memberId, reseller: member.reseller, subTppId }) };
  }

  @Delete(':subTppId')
  @ApiOperation({
    summary: 'Delete a sub-TPP',
    operationId: 'GatewayService.DeleteSubTpp',
    description: `Deactivates the sub-TPP (DEACTIVATED) and deletes it: it is no longer listed or read and can no longer be a parent or a payment’s onBehalfOfId; its children stay. 404 for an unknown, deleted or another member’s id. ${ACCESS}`,
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_SUB_TPP_ANSWER_EXAMPLE })
  async deleteSubTpp(
    @CurrentMember() member: MemberContext,
    @Param('subTppId') subTppId: string,
  ): Promise<Record<string, never>> {
    await this.remove.execute({ memberId: member.memberId, reseller: member.reseller, subTppId });
    return {};
  }

  @Get(':subTppId/children')
  @ApiOperation({
    summary: 'List a sub-TPP’s children',
    operationId: 'GatewayService.RetrieveSubTppChildren',
    description: `The direct children (not deleted) of the member’s sub-TPP, oldest first; 404 for a deleted one or another member’s. ${ACCESS}`,
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { subTpps: { type: 'array', items: SUB_TPP } } },
    example: SUB_TPP_CHILDREN_ANSWER_EXAMPLE,
  })
  async listChildren(
    @CurrentMember() member: MemberContext,
    @Param('subTppId') subTppId: string,
  ): Promise<{ subTpps: readonly SubTppResource[] }> {
    return { subTpps: await this.children.execute({ memberId: member.memberId, reseller: member.reseller, subTppId }) };
  }
}
