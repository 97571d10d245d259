import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiExcludeController, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import {
  DeleteRefundRegistrationUseCase,
  GetRefundRegistrationUseCase,
  RegisterRefundRegistrationUseCase,
  type RegistrationResource,
} from '#libs/application';
import { RegisterRefundAccountRequest, toRefundRegistrationInput } from './dto/register-refund-account.request.js';
import {
  DELETE_REFUND_REGISTRATION_ANSWER_EXAMPLE,
  REFUND_REGISTRATION_ANSWER_EXAMPLE,
  REGISTER_REFUND_ACCOUNT_EXAMPLES,
} from './refund-examples.js';
import { REGISTRATION_RESPONSE_SCHEMA } from './refund-schemas.js';

@ApiTags('Refunds')
@Controller('refund/registrations')
export class RefundRegistrationsController {
  constructor(
    private readonly registerRegistration: RegisterRefundRegistrationUseCase,
    private readonly getRegistration: GetRefundRegistrationUseCase,
    private readonly deleteRegistration: DeleteRefundRegistrationUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Register the account refunds are paid from',
    operationId: 'RegisterRefundAccount',
    description:
      'Records the debtor account of the member’s refunds at a bank, with the credentials the bank issued for payments from it without a user. The credentials are sealed at rest and never answered. Also served under /v2.',
  })
  @ApiBody({ type: RegisterRefundAccountRequest, examples: REGISTER_REFUND_ACCOUNT_EXAMPLES })
  @ApiOkResponse({ schema: REGISTRATION_RESPONSE_SCHEMA, example: REFUND_REGISTRATION_ANSWER_EXAMPLE })
  register(
    @CurrentMember() member: MemberContext,
    @Body() body: RegisterRefundAccountRequest,
  ): Promise<{ registration: RegistrationResource }> {
    return this.registerRegistration.execute({
      memberId: member.memberId,
      registration: toRefundRegistrationInput(body),
    });
  }

  @Get(':registrationId')
  @ApiOperation({
    summary: 'Get a refund registration',
    operationId: 'GetRefundRegistration',
    description:
      'The bank, the debtor account and the names of the credentials held (never their values); 404 for unknown, deleted or another member’s ids.',
  })
  @ApiOkResponse({ schema: REGISTRATION_RESPONSE_SCHEMA, example: REFUND_REGISTRATION_ANSWER_EXAMPLE })
  get(
    @CurrentMember() member: MemberContext,
    @Param('registrationId') registrationId: string,
  ): Promise<{ registration: RegistrationResource }> {
    return this.getRegistration.execute({ memberId: member.memberId, id: registrationId });
  }

  @Delete(':registrationId')
  @ApiOperation({
    summary: 'Delete a refund registration',
    operationId: 'DeleteRefundRegistration',
    description:
      'Removes the registration and its sealed credentials for good; refunds not yet sent to the bank under it fail.',
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_REFUND_REGISTRATION_ANSWER_EXAMPLE })
  remove(
    @CurrentMember() member: MemberContext,
    @Param('registrationId') registrationId: string,
  ): Promise<Record<string, never>> {
    return this.deleteRegistration.execute({ memberId: member.memberId, id: registrationId });
  }
}

/** The same routes under /v2 (the refund interface description's server). */
@ApiExcludeController()
@Controller('v2/refund/registrations')
export class RefundRegistrationsV2Controller extends RefundRegistrationsController {}
