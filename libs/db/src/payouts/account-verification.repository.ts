import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { AccountVerification, Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** Payee checks, each the member's own. */
@Injectable()
export class AccountVerificationRepository extends Repository {
  insert(row: Prisma.AccountVerificationUncheckedCreateInput): Promise<AccountVerification> {
    return this.db.accountVerification.create({ data: row });
  }

  /** The member's verification, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<AccountVerification | null> {
    return this.db.accountVerification.findFirst({ where: { id, memberId } });
  }
}
