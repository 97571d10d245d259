import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { validateBody } from '#libs/common';
import {
  CreateSettlementRuleUseCase,
  DeleteSettlementRuleUseCase,
  GetSettlementRuleUseCase,
  ListSettlementRulesUseCase,
  ListSettlementRulePayoutsUseCase,
  type SettlementRulePayoutsPage,
  type SettlementRuleResource,
} from '#libs/application';
import { CreateSettlementRuleRequest, toCreateSettlementRuleCommand } from './dto/create-settlement-rule.request.js';
import {
  ListSettlementRulePayoutsQuery,
  ListSettlementRulesQuery,
  toListSettlementRulePayoutsCommand,
} from './dto/settlement-rule-queries.js';
import {
  CREATE_SETTLEMENT_RULE_ANSWER_EXAMPLE,
  CREATE_SETTLEMENT_RULE_EXAMPLES,
  DELETE_SETTLEMENT_RULE_ANSWER_EXAMPLE,
  SETTLEMENT_RULES_ANSWER_EXAMPLE,
  SETTLEMENT_RULE_ANSWER_EXAMPLE,
  SETTLEMENT_RULE_PAYOUTS_ANSWER_EXAMPLE,
} from './settlement-rule-examples.js';
import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';
import { SettlementRulePayoutResponse, SettlementRuleResponse } from './dto/settlement-rule.response.js';

const SETTLEMENT_RULE = { $ref: getSchemaPath(SettlementRuleResponse) };

@ApiTags('Settlement Accounts')
@ApiExtraModels(SettlementRuleResponse, SettlementRulePayoutResponse)
@Controller('virtual-accounts/:accountId')
export class SettlementRulesController {
  constructor(
    private readonly create: CreateSettlementRuleUseCase,
    private readonly listSettlementRules: ListSettlementRulesUseCase,
    private readonly getSettlementRule: GetSettlementRuleUseCase,
    private readonly remove: DeleteSettlementRuleUseCase,
    private readonly payouts: ListSettlementRulePayoutsUseCase,
  ) {}

  @Post('settlement-rule')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create a settlement rule',
    operationId: 'CreateVirtualAccountSettlementRule',
    description:
      "A rule paying out of the member's settlement account to a payee account at each time interval; 404 for another member's account.",
  })
  @ApiBody({ type: CreateSettlementRuleRequest, examples: CREATE_SETTLEMENT_RULE_EXAMPLES })
  @ApiOkResponse({
    schema: { type: 'object', properties: { settlementRuleId: { type: 'string', format: 'uuid' } } },
    example: CREATE_SETTLEMENT_RULE_ANSWER_EXAMPLE,
  })
  async createRule(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Req() request: FastifyRequest,
  ): Promise<{ settlementRuleId: string }> {
    const body = await validateBody(CreateSettlementRuleRequest, request.body);
    return this.create.execute(toCreateSettlementRuleCommand(member.memberId, accountId, body));
  }

  @Get('settlement-rules')
  @ApiOperation({
    summary: 'Get settlement rules',
    operationId: 'GetVirtualAccountSettlementRules',
    description: "The account's rules in the given status, or all of them when no status is given; newest first.",
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { settlementRule: { type: 'array', items: SETTLEMENT_RULE } } },
    example: SETTLEMENT_RULES_ANSWER_EXAMPLE,
  })
  listRules(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Query() query: ListSettlementRulesQuery,
  ): Promise<{ settlementRule: SettlementRuleResource[] }> {
    return this.listSettlementRules.execute({
      memberId: member.memberId,
      accountId,
      ...(query.status === undefined ? {} : { status: query.status }),
    });
  }

  @Get('settlement-rules/:settlementRuleId')
  @ApiOperation({
    summary: 'Get a settlement rule',
    operationId: 'GetVirtualAccountSettlementRule',
    description: "One rule of the account; 404 for an unknown rule or another member's.",
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { settlementRule: SETTLEMENT_RULE } },
    example: SETTLEMENT_RULE_ANSWER_EXAMPLE,
  })
  async getRule(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Param('settlementRuleId') settlementRuleId: string,
  ): Promise<{ settlementRule: SettlementRuleResource }> {
    return {
      settlementRule: await this.getSettlementRule.execute({ memberId: member.memberId, accountId, settlementRuleId }),
    };
  }

  @Delete('settlement-rules/:settlementRuleId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a settlement rule',
    operationId: 'DeleteVirtualAccountSettlementRule',
    description: 'An ACTIVE rule becomes INACTIVE and runs no more; a rule that is not ACTIVE is a 400.',
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_SETTLEMENT_RULE_ANSWER_EXAMPLE })
  deleteRule(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Param('settlementRuleId') settlementRuleId: string,
  ): Promise<Record<string, never>> {
    return this.remove.execute({ memberId: member.memberId, accountId, settlementRuleId });
  }

  @Get('settlement-rule-payouts')
  @ApiOperation({
    summary: 'Get settlement rule payouts',
    operationId: 'GetVirtualAccountSettlementPayouts',
    description:
      "The payouts the account's rules made, and their runs that could not pay (INITIATION_FAILED with the reason), latest run first.",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        payouts: { type: 'array', items: { $ref: getSchemaPath(SettlementRulePayoutResponse) } },
        pageInfo: PAGE_INFO_REF,
      },
    },
    example: SETTLEMENT_RULE_PAYOUTS_ANSWER_EXAMPLE,
  })
  listPayouts(
    @CurrentMember() member: MemberContext,
    @Param('accountId') accountId: string,
    @Query() query: ListSettlementRulePayoutsQuery,
  ): Promise<SettlementRulePayoutsPage> {
    return this.payouts.execute(toListSettlementRulePayoutsCommand(member.memberId, accountId, query));
  }
}
