import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import {
  checkTokenizedAccountDetails,
  describeProblem,
  type MemberId,
  type TokenizedAccountDetails,
} from '#libs/domain';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

export interface CreateTokenizedAccountCommand {
  readonly memberId: MemberId;
  readonly accountDetails: TokenizedAccountDetails;
  readonly bankId?: string;
}

/** POST /tokenized-accounts: stores the account details sealed and answers their id. */
@Injectable()
export class CreateTokenizedAccountUseCase {
  constructor(private readonly vault: TokenizedAccountVault) {}

  async execute(command: CreateTokenizedAccountCommand): Promise<{ tokenizedAccountId: string }> {
    const problem = checkTokenizedAccountDetails(command.accountDetails)[0];
    if (problem !== undefined) {
      const path = problem.path === '' ? 'accountDetails' : `accountDetails.${problem.path}`;
      throw GatewayError.invalidField(
        path,
        describeProblem({ ...problem, path }),
        problem.kind === 'required' ? 'Field.Expected' : 'Field.Invalid',
      );
    }
    return { tokenizedAccountId: await this.vault.store(command.memberId, command.accountDetails, command.bankId) };
  }
}
