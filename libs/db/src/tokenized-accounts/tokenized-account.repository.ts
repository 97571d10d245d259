import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { TokenizedAccount } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** An account to store: its id, the member's, the bank named and the details as stored (sealed). */
export interface NewTokenizedAccount {
  readonly id: string;
  readonly bankId?: string;
  readonly sealedDetails: string;
  readonly createdAt: Date;
}

/** Members' Account on File rows; every method is scoped to the member (or, `findOfOwner`, to a row's owner). */
@Injectable()
export class TokenizedAccountRepository extends Repository {
  create(memberId: MemberId, account: NewTokenizedAccount): Promise<void> {
    return this.createOfOwner(memberId, account);
  }

  /**
   * Stores an account for the member a stored row names (the debtor account a bank returned for a
   * payment, kept for the payment's own member): cross-member by signature, owned by the row's owner.
   */
  async createOfOwner(ownerId: string, account: NewTokenizedAccount): Promise<void> {
    await this.db.tokenizedAccount.create({
      data: {
        id: account.id,
        memberId: ownerId,
        bankId: account.bankId ?? null,
        sealedDetails: account.sealedDetails,
        createdAt: account.createdAt,
      },
    });
  }

  /** The member's account, or null for an unknown id or another member's. */
  find(memberId: MemberId, id: string): Promise<TokenizedAccount | null> {
    return this.db.tokenizedAccount.findFirst({ where: { id, memberId } });
  }

  /**
   * The account of the member a stored row names (a payment's own member, read from the payment
   * row): cross-member by signature, scoped by the row's owner.
   */
  findOfOwner(ownerId: string, id: string): Promise<TokenizedAccount | null> {
    return this.db.tokenizedAccount.findFirst({ where: { id, memberId: ownerId } });
  }

  /** Removes the member's account for good; false when it is unknown or another member's. */
  async delete(memberId: MemberId, id: string): Promise<boolean> {
    const deleted = await this.db.tokenizedAccount.deleteMany({ where: { id, memberId } });
    return deleted.count === 1;
  }
}
