import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { MemberId, TokenizedAccountDetails } from '#libs/domain';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

export interface GetTokenizedAccountCommand {
  readonly memberId: MemberId;
  readonly tokenizedAccountId: string;
}

/** GET /tokenized-accounts/{id}: the member's account details; 404 for unknown, deleted or another member's ids. */
@Injectable()
export class GetTokenizedAccountUseCase {
  constructor(private readonly vault: TokenizedAccountVault) {}

  async execute({
    memberId,
    tokenizedAccountId: id,
  }: GetTokenizedAccountCommand): Promise<{ accountDetails: TokenizedAccountDetails }> {
    const account = await this.vault.open(memberId, id);
    if (account === undefined) throw new GatewayError('NOT_FOUND', { entityId: id });
    return { accountDetails: account.details };
  }
}
