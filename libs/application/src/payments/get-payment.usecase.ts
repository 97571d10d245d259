import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PaymentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { PaymentLinkStatuses } from './payment-link-statuses.js';
import { renderPayment, type PaymentResource } from './payment-view.js';

export interface GetPaymentCommand {
  readonly memberId: MemberId;
  readonly paymentId: string;
}

/** GET /v2/payments/{paymentId}: the member's payment with its next step; 404 for any other id. */
@Injectable()
export class GetPaymentUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly linkStatuses: PaymentLinkStatuses,
  ) {}

  /** The resource only: the columns it shows. */
  async execute({ memberId, paymentId }: GetPaymentCommand): Promise<PaymentResource> {
    const view = await this.payments.findViewForMember(memberId, paymentId);
    if (view === null) throw GatewayError.notFound(paymentId, `Payment ${paymentId} not found.`);
    if (view.paymentLinkId === null) return renderPayment(view);
    const linkStatusOf = await this.linkStatuses.of(memberId, [view]);
    return renderPayment(view, linkStatusOf(view));
  }
}
