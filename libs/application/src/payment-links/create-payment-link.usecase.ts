import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { Transactions, type Prisma } from '#libs/db';
import { DEFAULT_MAX_USAGE_COUNT, randomHex } from '#libs/domain';
import { OnBehalfOfCheck, type OnBehalfOfMember } from '../sub-tpps/on-behalf-of-check.js';
import { storeNewPaymentLink } from './payment-link-lifecycle.js';
import { renderPaymentLink, type PaymentLinkResource } from './payment-link-view.js';

/** POST /v2/payment-links after validation: the template as sent and the link configuration. */
export interface CreatePaymentLinkCommand extends OnBehalfOfMember {
  readonly paymentTemplate: Record<string, unknown> & {
    readonly amount: { readonly currency: string; readonly value?: string };
    readonly onBehalfOfId?: string;
    readonly externalPsuReference?: string;
  };
  readonly linkConfig: {
    readonly maxUsageCount?: number;
    readonly perPaymentAmountLimit?: string;
    readonly totalAmountLimit?: string;
    readonly expiresAt?: Date;
  };
}

/** POST /v2/payment-links: stores an active link with an unguessable page token, and its expiry timer (its lifecycle's creation). */
@Injectable()
export class CreatePaymentLinkUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly onBehalfOf: OnBehalfOfCheck,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: CreatePaymentLinkCommand): Promise<PaymentLinkResource> {
    const { paymentTemplate: template, linkConfig, memberId } = command;
    await this.onBehalfOf.check(command, template.onBehalfOfId, 'paymentTemplate.onBehalfOfId');
    const now = this.clock.now();
    const row = await this.transactions.run(async (tx) => {
      const link = await storeNewPaymentLink(tx, now, {
        id: `pl-${randomHex(16)}`,
        memberId,
        status: 'LINK_ACTIVE',
        paymentTemplate: JSON.parse(JSON.stringify(template)) as Prisma.InputJsonValue,
        currency: template.amount.currency,
        amount: template.amount.value ?? null,
        maxUsageCount: linkConfig.maxUsageCount ?? DEFAULT_MAX_USAGE_COUNT,
        perPaymentAmountLimit: linkConfig.perPaymentAmountLimit ?? null,
        totalAmountLimit: linkConfig.totalAmountLimit ?? null,
        expiresAt: linkConfig.expiresAt ?? null,
        onBehalfOfId: template.onBehalfOfId ?? null,
        externalPsuReference: template.externalPsuReference ?? null,
        pageToken: randomHex(24),
        createdAt: now,
        updatedAt: now,
      });
      return link;
    });
    return renderPaymentLink(row, this.config.http.publicBaseUrl, true);
  }
}
