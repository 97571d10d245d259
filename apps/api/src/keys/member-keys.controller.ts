import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeleteMemberKeyUseCase,
  GetMemberKeyUseCase,
  ListMemberKeysUseCase,
  SubmitMemberKeyUseCase,
} from '#libs/application';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { GetKeysResponse, KeyIdResponse, SubmitKeyRequest } from './member-key.dto.js';
import { assertOwnMemberId } from './own-member-id.js';
import {
  ADD_MEMBER_KEY_ANSWER_EXAMPLE,
  DELETE_MEMBER_KEY_ANSWER_EXAMPLE,
  MEMBER_KEYS_ANSWER_EXAMPLE,
  MEMBER_KEY_ANSWER_EXAMPLE,
} from './member-key-examples.js';

@ApiTags('Authentication keys')
@Controller('member/:memberId/keys')
export class MemberKeysController {
  constructor(
    private readonly submitKey: SubmitMemberKeyUseCase,
    private readonly listKeys: ListMemberKeysUseCase,
    private readonly getKey: GetMemberKeyUseCase,
    private readonly deleteKey: DeleteMemberKeyUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Submit a public key',
    operationId: 'GatewayService.AddMemberKey',
    description: 'Registers a public key the member signs request-bound JWS with; answers its keyId (the JWS `kid`).',
  })
  @ApiBody({
    type: SubmitKeyRequest,
    examples: {
      ed25519: {
        summary: 'An Ed25519 public key (raw, base64url) that expires in 2100',
        value: {
          keyAlgorithm: 'ED25519',
          publicKey: '_yDSz-_vUL92ezh5fJVhKpdbvwOKghDXQsaqDwGKi_A',
          expiresAtMs: '4102444800000',
        },
      },
    },
  })
  @ApiOkResponse({ type: KeyIdResponse, example: ADD_MEMBER_KEY_ANSWER_EXAMPLE })
  submit(
    @CurrentMember() member: MemberContext,
    @Param('memberId') memberId: string,
    @Body() body: SubmitKeyRequest,
  ): Promise<KeyIdResponse> {
    return this.submitKey.execute({ ...body, memberId: assertOwnMemberId(member, memberId) });
  }

  @Get()
  @ApiOperation({
    summary: 'Get public keys',
    operationId: 'GatewayService.GetMemberKeys',
    description: 'The member’s registered public keys, with their algorithms and expiries.',
  })
  @ApiOkResponse({
    type: [GetKeysResponse],
    description: 'As the reference description has it: an array holding one GetKeysResponse.',
    example: MEMBER_KEYS_ANSWER_EXAMPLE,
  })
  async list(@CurrentMember() member: MemberContext, @Param('memberId') memberId: string): Promise<GetKeysResponse[]> {
    return [{ key: await this.listKeys.execute({ memberId: assertOwnMemberId(member, memberId) }) }];
  }

  @Get(':keyId')
  @ApiOperation({
    summary: 'Get a public key',
    operationId: 'GatewayService.GetMemberKey',
    description: 'One registered public key of the member; 404 for another member’s or a deleted one.',
  })
  @ApiOkResponse({ type: GetKeysResponse, example: MEMBER_KEY_ANSWER_EXAMPLE })
  async get(
    @CurrentMember() member: MemberContext,
    @Param('memberId') memberId: string,
    @Param('keyId') keyId: string,
  ): Promise<GetKeysResponse> {
    return { key: [await this.getKey.execute({ memberId: assertOwnMemberId(member, memberId), keyId })] };
  }

  @Delete(':keyId')
  @ApiOperation({
    summary: 'Delete a public key',
    operationId: 'GatewayService.DeleteMemberKey',
    description: 'Deletes the key: requests signed with it are refused from the next request on, on every replica.',
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_MEMBER_KEY_ANSWER_EXAMPLE })
  async delete(
    @CurrentMember() member: MemberContext,
    @Param('memberId') memberId: string,
    @Param('keyId') keyId: string,
  ): Promise<Record<string, never>> {
    await this.deleteKey.execute({ memberId: assertOwnMemberId(member, memberId), keyId });
    return {};
  }
}
