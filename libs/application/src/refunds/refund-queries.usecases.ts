import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { RefundRepository, type RefundFilter } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderRefund, type RefundResource } from './refund-view.js';

export interface ListRefundsCommand {
  readonly limit: number;
  readonly offset?: string;
  readonly filter: RefundFilter;
  readonly partial?: boolean;
}

export interface RefundsPage {
  readonly refunds: RefundResource[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

/** GET /refunds, GET /refunds/{id} and GET /transfers/{id}/refunds, each scoped to the member. */
@Injectable()
export class RefundQueries {
  constructor(private readonly refunds: RefundRepository) {}

  async get(memberId: MemberId, id: string): Promise<{ refund: RefundResource }> {
    const refund = await this.refunds.findViewForMember(memberId, id);
    if (refund === null) throw GatewayError.notFound(id, `Refund ${id} not found.`);
    return { refund: renderRefund(refund) };
  }

  async list(memberId: MemberId, command: ListRefundsCommand): Promise<RefundsPage> {
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const rows = await this.refunds.list(memberId, command.filter, command.limit + 1, cursor);
    const page = rows.slice(0, command.limit);
    const last = page[page.length - 1];
    return {
      refunds: page.map((row) => renderRefund(row, { partial: command.partial === true })),
      paging: {
        limit: command.limit,
        ...(rows.length > command.limit && last !== undefined
          ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) }
          : {}),
      },
    };
  }

  /** The refunds of the member's transfer (or Payments v2 payment); 404 for another member's or an unknown id. */
  async ofTransfer(
    memberId: MemberId,
    transferId: string,
    command: Omit<ListRefundsCommand, 'filter'>,
  ): Promise<RefundsPage> {
    if (!(await this.refunds.memberHasOriginal(memberId, transferId)))
      throw GatewayError.notFound(transferId, `Transfer ${transferId} not found.`);
    return this.list(memberId, { ...command, filter: { originalPaymentId: transferId } });
  }
}
