import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { SubTppRepository, type Tx } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member a request is made for, as the onBehalfOfId rules see it. */
export interface OnBehalfOfMember {
  readonly memberId: MemberId;
  /** Regulated TPPs may leave onBehalfOfId out; unregulated ones must name an ultimate client. */
  readonly regulated: boolean;
}

/**
 * The one home of the onBehalfOfId rules, for every resource that carries one (payments, payment
 * links, VRP consents, settlement accounts, payouts): required for unregulated members, and when
 * given, one of the member's active sub-TPPs (ACTIVATED, not deleted). Each failure is a 400
 * naming the field at `path`.
 */
@Injectable()
export class OnBehalfOfCheck {
  constructor(private readonly subTpps: SubTppRepository) {}

  /** Reads in `tx` when given (a caller that checks inside its transaction). */
  async check(member: OnBehalfOfMember, onBehalfOfId: string | undefined, path: string, tx?: Tx): Promise<void> {
    if (onBehalfOfId === undefined) {
      if (member.regulated) return;
      throw GatewayError.invalidField(
        path,
        `${path} is required for unregulated members: the sub-TPP referenceId or the id of the ultimate client`,
      );
    }
    const subTpps = tx === undefined ? this.subTpps : this.subTpps.in(tx);
    if (await subTpps.isActive(member.memberId, onBehalfOfId)) return;
    throw GatewayError.invalidField(path, `${path} must be the id of one of the member’s active (ACTIVATED) sub-TPPs`);
  }
}
