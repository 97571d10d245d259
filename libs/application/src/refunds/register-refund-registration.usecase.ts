import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { BankRepository } from '#libs/db';
import { checkRefundRegistration, type MemberId, type RefundRegistrationInput } from '#libs/domain';
import { refundFieldsError } from './refund-problems.js';
import { registrationResource, type RegistrationResource } from './refund-registration-resource.js';
import { RefundRegistrationVault } from './refund-registration-vault.js';

export interface RegisterRefundRegistrationCommand {
  readonly memberId: MemberId;
  readonly registration: RefundRegistrationInput;
}

/** POST /refund/registrations: the registration's rules (a 400 naming the field), its bank, then sealed and stored. */
@Injectable()
export class RegisterRefundRegistrationUseCase {
  constructor(
    private readonly vault: RefundRegistrationVault,
    private readonly banks: BankRepository,
  ) {}

  async execute(command: RegisterRefundRegistrationCommand): Promise<{ registration: RegistrationResource }> {
    const input = command.registration;
    const problems = checkRefundRegistration(input);
    if (problems.length > 0) throw refundFieldsError(problems);
    if ((await this.banks.find(input.bankId)) === null)
      throw GatewayError.invalidField('bankId', `bankId ${input.bankId} is not a bank of this gateway`);
    return { registration: registrationResource(await this.vault.store(command.memberId, input)) };
  }
}
