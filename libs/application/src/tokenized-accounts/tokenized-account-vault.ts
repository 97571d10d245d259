import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { TokenizedAccountRepository, type NewTokenizedAccount, type TokenizedAccount, type Tx } from '#libs/db';
import {
  newTokenizedAccountId,
  TOKENIZED_ACCOUNT_SEAL_PURPOSE,
  type MemberId,
  type TokenizedAccountDetails,
} from '#libs/domain';
import { SecretBox } from '#libs/secrets';

/** The sealing context of an account's details: bound to its row. */
export function tokenizedAccountContext(id: string): { readonly purpose: string; readonly recordId: string } {
  return { purpose: TOKENIZED_ACCOUNT_SEAL_PURPOSE, recordId: id };
}

/** A stored account, its details opened. */
export interface OpenedTokenizedAccount {
  readonly id: string;
  readonly bankId?: string;
  readonly details: TokenizedAccountDetails;
}

/**
 * Where Account on File details are kept: sealed with the SecretBox (the account id as record,
 * so a sealed value copied to another row does not open), opened only for their member.
 */
@Injectable()
export class TokenizedAccountVault {
  constructor(
    private readonly accounts: TokenizedAccountRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /** Stores the details for the member; answers the new account id. */
  async store(memberId: MemberId, details: TokenizedAccountDetails, bankId?: string): Promise<string> {
    const id = newTokenizedAccountId();
    await this.create(id, details, bankId, (account) => this.accounts.create(memberId, account));
    return id;
  }

  /**
   * Stores the details under a given new id for the member a stored row names (a payment's own
   * member), in the caller's transaction.
   */
  async storeIn(tx: Tx, ownerId: string, id: string, details: TokenizedAccountDetails, bankId?: string): Promise<void> {
    const accounts = this.accounts.in(tx);
    await this.create(id, details, bankId, (account) => accounts.createOfOwner(ownerId, account));
  }

  /** Seals the details bound to the account id and writes the row through `write`. */
  private async create(
    id: string,
    details: TokenizedAccountDetails,
    bankId: string | undefined,
    write: (account: NewTokenizedAccount) => Promise<void>,
  ): Promise<void> {
    const sealedDetails = await this.box.seal(tokenizedAccountContext(id), JSON.stringify(details));
    await write({ id, sealedDetails, createdAt: this.clock.now(), ...(bankId === undefined ? {} : { bankId }) });
  }

  /** The member's account with its details, or undefined for an unknown, deleted or another member's id. */
  async open(memberId: MemberId, id: string): Promise<OpenedTokenizedAccount | undefined> {
    return this.opened(await this.accounts.find(memberId, id));
  }

  /** The account of the member a stored payment belongs to (its row's memberId), as `open`. */
  async openOfOwner(ownerId: string, id: string): Promise<OpenedTokenizedAccount | undefined> {
    return this.opened(await this.accounts.findOfOwner(ownerId, id));
  }

  private async opened(row: TokenizedAccount | null): Promise<OpenedTokenizedAccount | undefined> {
    if (row === null) return undefined;
    const id = row.id;
    const details = JSON.parse(
      await this.box.openText(tokenizedAccountContext(id), row.sealedDetails),
    ) as TokenizedAccountDetails;
    return { id, details, ...(row.bankId === null ? {} : { bankId: row.bankId }) };
  }

  /** Forgets the member's account for good; false when there was none to forget. */
  forget(memberId: MemberId, id: string): Promise<boolean> {
    return this.accounts.delete(memberId, id);
  }
}
