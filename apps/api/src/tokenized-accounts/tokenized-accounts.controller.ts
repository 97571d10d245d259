import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import {
  CreateTokenizedAccountUseCase,
  DeleteTokenizedAccountUseCase,
  GetTokenizedAccountUseCase,
} from '#libs/application';
import type { TokenizedAccountDetails } from '#libs/domain';
import {
  AccountDetailsDto,
  CreateTokenizedAccountRequest,
  toCreateTokenizedAccountCommand,
} from './dto/create-tokenized-account.request.js';
import {
  CREATE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE,
  CREATE_TOKENIZED_ACCOUNT_EXAMPLES,
  DELETE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE,
  TOKENIZED_ACCOUNT_ANSWER_EXAMPLE,
} from './tokenized-account-examples.js';

@ApiTags('Account on File')
@Controller('tokenized-accounts')
export class TokenizedAccountsController {
  constructor(
    private readonly create: CreateTokenizedAccountUseCase,
    private readonly get: GetTokenizedAccountUseCase,
    private readonly remove: DeleteTokenizedAccountUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create an Account on File',
    operationId: 'CreateTokenizedAccount',
    description:
      'Stores the account details (sealed at rest) and answers a tokenizedAccountId to name them by in later requests, such as the debtor of a payment. 400 naming the field for details that fit no debtor account schema.',
  })
  @ApiBody({ type: CreateTokenizedAccountRequest, examples: CREATE_TOKENIZED_ACCOUNT_EXAMPLES })
  @ApiOkResponse({
    schema: { type: 'object', properties: { tokenizedAccountId: { type: 'string' } } },
    example: CREATE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE,
  })
  createAccount(
    @CurrentMember() member: MemberContext,
    @Body() body: CreateTokenizedAccountRequest,
  ): Promise<{ tokenizedAccountId: string }> {
    return this.create.execute(toCreateTokenizedAccountCommand(member.memberId, body));
  }

  @Get(':tokenizedAccountId')
  @ApiOperation({
    summary: 'Get an Account on File',
    operationId: 'GetTokenizedAccount',
    description: "The stored account details; 404 for unknown, deleted or another member's ids.",
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        accountDetails: {
          allOf: [{ $ref: getSchemaPath(AccountDetailsDto) }],
          description: 'The details as they were stored.',
        },
      },
    },
    example: TOKENIZED_ACCOUNT_ANSWER_EXAMPLE,
  })
  getAccount(
    @CurrentMember() member: MemberContext,
    @Param('tokenizedAccountId') tokenizedAccountId: string,
  ): Promise<{ accountDetails: TokenizedAccountDetails }> {
    return this.get.execute({ memberId: member.memberId, tokenizedAccountId });
  }

  @Delete(':tokenizedAccountId')
  @ApiOperation({
    summary: 'Delete an Account on File',
    operationId: 'DeleteTokenizedAccount',
    description:
      "Forgets the account details for good (the stored row is removed): the id names nothing afterwards (GET 404; a payment naming it 400). 404 for unknown or another member's ids.",
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_TOKENIZED_ACCOUNT_ANSWER_EXAMPLE })
  deleteAccount(
    @CurrentMember() member: MemberContext,
    @Param('tokenizedAccountId') tokenizedAccountId: string,
  ): Promise<Record<string, never>> {
    return this.remove.execute({ memberId: member.memberId, tokenizedAccountId });
  }
}
