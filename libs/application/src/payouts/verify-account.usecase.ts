import { Injectable } from '@nestjs/common';
import {
  checkVerificationAccount,
  normalizeVerificationAccount,
  underPath,
  type AccountVerificationInput,
  type MemberId,
} from '#libs/domain';
import { AccountVerifier, type AccountVerificationResource } from './account-verifier.js';
import { payoutFieldsError } from './payout-problems.js';

export interface VerifyAccountCommand {
  readonly memberId: MemberId;
  /** The POST /account-verifications body, its shape checked by its DTO; the identifier rule is checked here. */
  readonly input: AccountVerificationInput;
}

/**
 * POST /account-verifications: the check the body asks for, its identifier rule checked here,
 * asked of the settlement provider and kept as the member's by AccountVerifier.
 */
@Injectable()
export class VerifyAccountUseCase {
  constructor(private readonly verifier: AccountVerifier) {}

  async execute(command: VerifyAccountCommand): Promise<AccountVerificationResource> {
    const problems = underPath('account', checkVerificationAccount(command.input));
    if (problems.length > 0) throw payoutFieldsError(problems);
    return this.verifier.verify(command.memberId, normalizeVerificationAccount(command.input));
  }
}
