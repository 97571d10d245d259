import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PaymentRepository, VrpConsentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { renderVrp, type VrpResource } from './vrp-view.js';

/** GET /vrp-consents/{id}/payments after validation. */
export interface ListVrpsCommand {
  readonly memberId: MemberId;
  readonly vrpConsentId: string;
  readonly limit: number;
  readonly offset?: string;
}

export interface VrpsPage {
  readonly vrps: readonly VrpResource[];
  readonly pageInfo: {
    readonly limit: number;
    readonly offset?: string;
    readonly nextOffset?: string;
    readonly haveMore: boolean;
  };
}

/** GET /vrp-consents/{id}/payments: the payments made under the member's consent, newest first, in pages (404 for any other consent). */
@Injectable()
export class ListVrpsUseCase {
  constructor(
    private readonly consents: VrpConsentRepository,
    private readonly payments: PaymentRepository,
  ) {}

  async execute({ memberId, vrpConsentId, limit, offset }: ListVrpsCommand): Promise<VrpsPage> {
    const consent = await this.consents.findForMember(memberId, vrpConsentId);
    if (consent === null)
      throw GatewayError.notFound(vrpConsentId, `VRP consent ${vrpConsentId} not found.`, { vrpConsentId });
    const cursor = offset === undefined ? undefined : decodePageOffset(offset, 'offset');
    const rows = await this.payments.listForMember(memberId, { vrpConsentId }, limit, cursor);
    const page = rows.slice(0, limit);
    const haveMore = rows.length > limit;
    const last = page.at(-1);
    const nextOffset =
      haveMore && last !== undefined ? encodePageOffset({ createdAt: last.createdAt, id: last.id }) : undefined;
    return {
      vrps: page.map((row) => renderVrp(row)),
      pageInfo: {
        limit,
        ...(offset === undefined ? {} : { offset }),
        ...(nextOffset === undefined ? {} : { nextOffset }),
        haveMore,
      },
    };
  }
}
