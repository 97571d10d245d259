import { Injectable } from '@nestjs/common';
import { SubTppRepository } from '#libs/db';
import { requireReseller, subTppNotFound, type SubTppOwner } from './sub-tpp-owner.js';
import { renderSubTpp, type SubTppResource } from './sub-tpp-view.js';

export interface ListSubTppChildrenCommand extends SubTppOwner {
  readonly subTppId: string;
}

/** GET /member/sub-tpps/{subTppId}/children: the direct children (not deleted) of the reseller's sub-TPP. */
@Injectable()
export class ListSubTppChildrenUseCase {
  constructor(private readonly subTpps: SubTppRepository) {}

  async execute({ subTppId, ...owner }: ListSubTppChildrenCommand): Promise<readonly SubTppResource[]> {
    const memberId = requireReseller(owner);
    if ((await this.subTpps.findForMember(memberId, subTppId)) === null) throw subTppNotFound(subTppId);
    const rows = await this.subTpps.childrenOf(memberId, subTppId);
    const grandchildren = await this.subTpps.childIdsOf(
      memberId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => renderSubTpp(row, grandchildren.get(row.id) ?? []));
  }
}
