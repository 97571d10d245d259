import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { PaymentLinkRepository, type PaymentLink } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderPaymentLink, type PaymentLinkResource } from './payment-link-view.js';

export interface GetPaymentLinkCommand {
  readonly memberId: MemberId;
  readonly paymentLinkId: string;
}

/** GET /v2/payment-links/{paymentLinkId}: the member's link with its current usage (404 for any other id). */
@Injectable()
export class GetPaymentLinkUseCase {
  constructor(
    private readonly links: PaymentLinkRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ memberId, paymentLinkId }: GetPaymentLinkCommand): Promise<PaymentLinkResource> {
    return renderPaymentLink(await this.find(memberId, paymentLinkId), this.config.http.publicBaseUrl, true);
  }

  private async find(memberId: MemberId, paymentLinkId: string): Promise<PaymentLink> {
    const link = await this.links.findForMember(memberId, paymentLinkId);
    if (link === null) throw GatewayError.notFound(paymentLinkId, `Payment link ${paymentLinkId} not found.`);
    return link;
  }
}
