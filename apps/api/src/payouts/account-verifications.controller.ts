import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { VerifyAccountUseCase, type AccountVerificationResource } from '#libs/application';
import { toAccountVerificationInput, VerifyAccountRequest } from './dto/verify-account.request.js';
import { VERIFY_ACCOUNT_ANSWER_EXAMPLE, VERIFY_ACCOUNT_EXAMPLES } from './payout-examples.js';
import { ACCOUNT_VERIFICATION_RESPONSE_SCHEMA } from './payout-schemas.js';

@ApiTags('Verification')
@Controller('account-verifications')
export class AccountVerificationsController {
  constructor(private readonly verify: VerifyAccountUseCase) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Initiate an account verification check',
    operationId: 'post-verification',
    description:
      'Checks whether the name holds the account (an IBAN, or a UK sort code and account number) at the settlement provider of `virtualAccountId` (else the default one): MATCH, CLOSE_MATCH (with the holder’s name in result.matched.name), NO_MATCH or VERIFICATION_NOT_POSSIBLE. The answer is kept for 24 hours under its id, which an EUR payout names as creditor.accountVerificationId.',
  })
  @ApiBody({ type: VerifyAccountRequest, examples: VERIFY_ACCOUNT_EXAMPLES })
  @ApiOkResponse({ schema: ACCOUNT_VERIFICATION_RESPONSE_SCHEMA, example: VERIFY_ACCOUNT_ANSWER_EXAMPLE })
  create(
    @CurrentMember() member: MemberContext,
    @Body() body: VerifyAccountRequest,
  ): Promise<AccountVerificationResource> {
    return this.verify.execute({ memberId: member.memberId, input: toAccountVerificationInput(body) });
  }
}
