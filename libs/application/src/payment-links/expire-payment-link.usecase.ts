import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { PaymentLinkRepository, Transactions } from '#libs/db';
import { decidePaymentLinkMove } from '#libs/domain';
import { resetPaymentLinkTimer } from './payment-link-timer.js';

/** The `payment-links.expire` job's link. */
export interface ExpirePaymentLinkCommand {
  readonly paymentLinkId: string;
}

/**
 * The expiry timer of a link fired: an active link past its expiresAt becomes LINK_EXPIRED (locked,
 * checked against the transition table); one not yet due keeps its timer (a clock set back), and
 * one that ended otherwise is left alone. Safe to run twice. Answers the link's status.
 */
@Injectable()
export class ExpirePaymentLinkUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly links: PaymentLinkRepository,
    private readonly clock: Clock,
  ) {}

  execute({ paymentLinkId }: ExpirePaymentLinkCommand): Promise<string> {
    return this.transactions.run(async (tx) => {
      const link = await this.links.in(tx).lock(paymentLinkId);
      if (link === null) return 'gone';
      const now = this.clock.now();
      if (link.expiresAt === null || link.expiresAt.getTime() > now.getTime()) {
        await resetPaymentLinkTimer(tx, link);
        return link.status;
      }
      if (decidePaymentLinkMove(link.status, 'LINK_EXPIRED') !== 'move') return link.status;
      const expired = await this.links.in(tx).update(link, { status: 'LINK_EXPIRED', updatedAt: now });
      if (expired !== null) await resetPaymentLinkTimer(tx, expired);
      return expired?.status ?? link.status;
    });
  }
}
