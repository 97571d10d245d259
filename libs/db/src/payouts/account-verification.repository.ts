import { Injectable } from '@nestjs/common';
import type { MemberId, VerificationOutcome } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { ACCOUNT_VERIFICATION_STATUS, type AccountVerification } from './account-verification-row.js';

/** A payee check about to be stored, its status the provider's outcome. */
export type NewAccountVerification = Omit<Prisma.AccountVerificationUncheckedCreateInput, 'status'> & {
  readonly status: VerificationOutcome;
};

/** Payee checks, each the member's own. */
@Injectable()
export class AccountVerificationRepository extends Repository {
  insert(row: NewAccountVerification): Promise<AccountVerification> {
    return this.db.accountVerification.create({ data: row }).then(ACCOUNT_VERIFICATION_STATUS.row);
  }

  /** The member's verification, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<AccountVerification | null> {
    return this.db.accountVerification
      .findFirst({ where: { id, memberId } })
      .then(ACCOUNT_VERIFICATION_STATUS.rowOrNull);
  }
}
