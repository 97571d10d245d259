import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { TokenizedAccountVault } from './tokenized-account-vault.js';

export interface DeleteTokenizedAccountCommand {
  readonly memberId: MemberId;
  readonly tokenizedAccountId: string;
}

/**
 * DELETE /tokenized-accounts/{id}: the row and its sealed details are removed, so the id names
 * nothing afterwards (GET 404, a payment naming it 400). 404 for unknown or another member's ids.
 */
@Injectable()
export class DeleteTokenizedAccountUseCase {
  constructor(private readonly vault: TokenizedAccountVault) {}

  async execute({ memberId, tokenizedAccountId: id }: DeleteTokenizedAccountCommand): Promise<Record<string, never>> {
    if (!(await this.vault.forget(memberId, id))) throw new GatewayError('NOT_FOUND', { entityId: id });
    return {};
  }
}
