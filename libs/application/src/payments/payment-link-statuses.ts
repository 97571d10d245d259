import { Injectable } from '@nestjs/common';
import { PaymentLinkRepository, type PaymentView } from '#libs/db';
import type { MemberId } from '#libs/domain';

/**
 * The statuses of the payment links that payments were made through, read once for a page of the
 * member's payments (none for a page without such payments): what `paymentLinkStatus` shows.
 */
@Injectable()
export class PaymentLinkStatuses {
  constructor(private readonly links: PaymentLinkRepository) {}

  /** Each payment's link status (undefined for payments made without a link). */
  async of(
    memberId: MemberId,
    payments: readonly Pick<PaymentView, 'paymentLinkId'>[],
  ): Promise<(payment: Pick<PaymentView, 'paymentLinkId'>) => string | undefined> {
    const ids = payments.flatMap((payment) => (payment.paymentLinkId === null ? [] : [payment.paymentLinkId]));
    const statuses = await this.links.statusesForMember(memberId, ids);
    return (payment) => (payment.paymentLinkId === null ? undefined : statuses.get(payment.paymentLinkId));
  }
}
