import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { MemberId, TokenizedAccountDetails } from '#libs/domain';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

/** GET /tokenized-accounts/{id}: the member's account details; 404 for unknown, deleted or another member's ids. */
@Injectable()
export class GetTokenizedAccountUseCase {
  constructor(private readonly vault: TokenizedAccountVault) {}

  async execute(memberId: MemberId, id: string): Promise<{ accountDetails: TokenizedAccountDetails }> {
    const account = await this.vault.open(memberId, id);
    if (account === undefined) throw new GatewayError('NOT_FOUND', { entityId: id });
    return { accountDetails: account.details };
  }
}
