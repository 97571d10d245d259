import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, RefundRegistration } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

export interface NewRefundRegistration {
  readonly id: string;
  readonly bankId: string;
  readonly debtor: Prisma.InputJsonObject;
  /** The credentials as stored: sealed by the caller. */
  readonly sealedCredentials: string;
  readonly createdAt: Date;
}

/** Members' refund registrations; member-facing methods are scoped to the member. */
@Injectable()
export class RefundRegistrationRepository extends Repository {
  async create(memberId: MemberId, registration: NewRefundRegistration): Promise<RefundRegistration> {
    return this.db.refundRegistration.create({ data: { ...registration, memberId } });
  }

  /** The member's registration, or null for an unknown, deleted or another member's id. */
  find(memberId: MemberId, id: string): Promise<RefundRegistration | null> {
    return this.db.refundRegistration.findFirst({ where: { id, memberId } });
  }

  /** The registration a stored refund names, scoped by the refund's owner. */
  findOfOwner(ownerId: string, id: string): Promise<RefundRegistration | null> {
    return this.db.refundRegistration.findFirst({ where: { id, memberId: ownerId } });
  }

  /** Removes the member's registration (and its sealed credentials) for good; false when there was none. */
  async delete(memberId: MemberId, id: string): Promise<boolean> {
    const deleted = await this.db.refundRegistration.deleteMany({ where: { id, memberId } });
    return deleted.count === 1;
  }
}
