import { Injectable } from '@nestjs/common';
import { PaymentRepository, type PaymentListFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { PaymentLinkStatuses } from './payment-link-statuses.js';
import { renderPayment, type PaymentResource } from './payment-view.js';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';

/** The filters of GET /v2/payments after validation (ListPaymentsQuery). */
export interface ListPaymentsCommand extends PaymentListFilter {
  readonly memberId: MemberId;
  readonly limit: number;
  readonly offset?: string;
  readonly refundStatuses?: readonly string[];
  readonly partial?: boolean;
  readonly type?: 'SINGLE_IMMEDIATE_PAYMENT' | 'VARIABLE_RECURRING_PAYMENT';
  readonly vrpConsentId?: string;
}

export interface PaymentsPage {
  readonly payments: readonly (PaymentResource | { readonly id: string; readonly status: string })[];
  readonly pageInfo: {
    readonly limit: number;
    readonly offset?: string;
    readonly nextOffset?: string;
    readonly haveMore: boolean;
  };
}

/**
 * GET /v2/payments: the member's payments, newest first, in pages. `type` tells single payments
 * from variable recurring ones (made under a VRP consent, which `vrpConsentId` names). Payments
 * have no refunds so far, so refund statuses without NONE find nothing. `partial=true` answers
 * only id and status.
 */
@Injectable()
export class ListPaymentsUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly linkStatuses: PaymentLinkStatuses,
  ) {}

  async execute(command: ListPaymentsCommand): Promise<PaymentsPage> {
    const { memberId } = command;
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const nothing = command.refundStatuses !== undefined && !command.refundStatuses.includes('NONE');
    const filter = {
      ...command,
      ...(command.type === undefined ? {} : { recurring: command.type === 'VARIABLE_RECURRING_PAYMENT' }),
    };
    const rows = nothing ? [] : await this.payments.listForMember(memberId, filter, command.limit, cursor);
    const page = rows.slice(0, command.limit);
    const haveMore = rows.length > command.limit;
    const last = page.at(-1);
    const first = page.at(0);
    const offset =
      command.offset ??
      (first === undefined
        ? undefined
        : encodePageOffset({ createdAt: new Date(first.createdAt.getTime() + 1), id: '' }));
    const nextOffset =
      last === undefined
        ? command.offset
        : haveMore
          ? encodePageOffset({ createdAt: last.createdAt, id: last.id })
          : undefined;
    const linkStatusOf = command.partial === true ? () => undefined : await this.linkStatuses.of(memberId, page);
    return {
      payments: page.map((row) =>
        command.partial === true ? { id: row.id, status: row.status } : renderPayment(row, linkStatusOf(row)),
      ),
      pageInfo: {
        limit: command.limit,
        ...(offset === undefined ? {} : { offset }),
        ...(nextOffset === undefined ? {} : { nextOffset }),
        haveMore,
      },
    };
  }
}
