import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { PaymentLinkRepository, type PaymentLinkListFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderPaymentLink, type PaymentLinkResource } from './payment-link-view.js';

/** GET /v2/payment-links after validation. */
export interface ListPaymentLinksCommand {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  readonly filter: PaymentLinkListFilter;
}

export interface PaymentLinksPage {
  readonly paymentLinks: readonly PaymentLinkResource[];
  readonly pageInfo: { limit: number; offset?: string; nextOffset?: string; haveMore: boolean };
}

/** GET /v2/payment-links: the member's links, newest first, in pages. */
@Injectable()
export class ListPaymentLinksUseCase {
  constructor(
    private readonly links: PaymentLinkRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ListPaymentLinksCommand): Promise<PaymentLinksPage> {
    const { memberId } = command;
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const rows = await this.links.listForMember(memberId, command.filter, command.limit, cursor);
    const page = rows.slice(0, command.limit);
    const last = page.at(-1);
    const haveMore = rows.length > command.limit && last !== undefined;
    return {
      paymentLinks: page.map((row) => renderPaymentLink(row, this.config.http.publicBaseUrl, true)),
      pageInfo: {
        limit: command.limit,
        ...(command.offset === undefined ? {} : { offset: command.offset }),
        ...(haveMore ? { nextOffset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) } : {}),
        haveMore,
      },
    };
  }
}
