import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { PaymentLinkRepository, Transactions } from '#libs/db';
import { recordChange, resetTimer } from '../lifecycle/record-change.js';
import { paymentLinkLifecycle } from './payment-link-lifecycle.js';

/** The `payment-links.expire` job's link. */
export interface ExpirePaymentLinkCommand {
  readonly paymentLinkId: string;
}

/**
 * The expiry timer of a link fired: a link past its expiresAt becomes LINK_EXPIRED (locked, moved
 * by its lifecycle); one not yet due keeps its timer (a clock set back), and one that ended
 * otherwise is left alone. Safe to run twice. Answers the link's status.
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
        await resetTimer(paymentLinkLifecycle, tx, link, now, undefined);
        return link.status;
      }
      const recorded = await recordChange(
        paymentLinkLifecycle,
        tx,
        link,
        { status: 'LINK_EXPIRED', updatedAt: now },
        now,
        undefined,
      );
      return recorded.kind === 'changed' ? recorded.row.status : link.status;
    });
  }
}
