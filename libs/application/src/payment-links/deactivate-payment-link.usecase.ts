import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { PaymentLinkRepository, Transactions } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { recordChange } from '../lifecycle/record-change.js';
import { paymentLinkLifecycle } from './payment-link-lifecycle.js';
import { renderPaymentLink, type PaymentLinkResource } from './payment-link-view.js';

export interface DeactivatePaymentLinkCommand {
  readonly memberId: MemberId;
  readonly paymentLinkId: string;
}

/**
 * DELETE /v2/payment-links/{paymentLinkId}: an active (or used-up) link becomes LINK_CANCELED,
 * locked and moved by its lifecycle; a link already ended stays as it is and is answered as it
 * stands.
 */
@Injectable()
export class DeactivatePaymentLinkUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly links: PaymentLinkRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ memberId, paymentLinkId }: DeactivatePaymentLinkCommand): Promise<PaymentLinkResource> {
    const row = await this.transactions.run(async (tx) => {
      const links = this.links.in(tx);
      const owned = await links.findForMember(memberId, paymentLinkId);
      if (owned === null) throw GatewayError.notFound(paymentLinkId, `Payment link ${paymentLinkId} not found.`);
      const link = (await links.lock(owned.id)) ?? owned;
      const now = this.clock.now();
      const recorded = await recordChange(
        paymentLinkLifecycle,
        tx,
        link,
        { status: 'LINK_CANCELED', updatedAt: now },
        now,
        undefined,
      );
      return recorded.kind === 'changed' ? recorded.row : link;
    });
    return renderPaymentLink(row, this.config.http.publicBaseUrl, true);
  }
}
