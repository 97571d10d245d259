import { Injectable } from '@nestjs/common';
import { SubTppRepository } from '#libs/db';
import { requireReseller, subTppNotFound, type SubTppOwner } from './sub-tpp-owner.js';
import { renderSubTpp, type SubTppResource } from './sub-tpp-view.js';

export interface GetSubTppCommand extends SubTppOwner {
  readonly subTppId: string;
}

/** GET /member/sub-tpps/{subTppId}: the reseller's sub-TPP; 404 for a deleted one or another member's. */
@Injectable()
export class GetSubTppUseCase {
  constructor(private readonly subTpps: SubTppRepository) {}

  async execute({ subTppId, ...owner }: GetSubTppCommand): Promise<SubTppResource> {
    const memberId = requireReseller(owner);
    const row = await this.subTpps.findForMember(memberId, subTppId);
    if (row === null) throw subTppNotFound(subTppId);
    const children = await this.subTpps.childIdsOf(memberId, [row.id]);
    return renderSubTpp(row, children.get(row.id) ?? []);
  }
}
