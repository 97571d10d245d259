import { Injectable } from '@nestjs/common';
import { SubTppRepository } from '#libs/db';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { requireReseller, type SubTppOwner } from './sub-tpp-owner.js';
import { renderSubTpp, type SubTppResource } from './sub-tpp-view.js';

/** GET /member/sub-tpps after validation. */
export interface ListSubTppsCommand extends SubTppOwner {
  readonly limit: number;
  readonly offset?: string;
  readonly companyNames: readonly string[];
  /** YYYY-MM-DD. */
  readonly registrationDates: readonly string[];
}

export interface SubTppsPage {
  readonly subTpps: readonly SubTppResource[];
  /** Where the next page starts; absent on the last page. */
  readonly offset?: string;
}

/** GET /member/sub-tpps: the reseller's sub-TPPs (deleted ones left out), newest first, in pages. */
@Injectable()
export class ListSubTppsUseCase {
  constructor(private readonly subTpps: SubTppRepository) {}

  async execute(command: ListSubTppsCommand): Promise<SubTppsPage> {
    const memberId = requireReseller(command);
    const cursor = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'page.offset');
    const rows = await this.subTpps.listForMember(
      memberId,
      { companyNames: command.companyNames, registrationDates: command.registrationDates },
      command.limit,
      cursor,
    );
    const page = rows.slice(0, command.limit);
    const children = await this.subTpps.childIdsOf(
      memberId,
      page.map((row) => row.id),
    );
    const last = page.at(-1);
    return {
      subTpps: page.map((row) => renderSubTpp(row, children.get(row.id) ?? [])),
      ...(rows.length > command.limit && last !== undefined
        ? { offset: encodePageOffset({ createdAt: last.createdAt, id: last.id }) }
        : {}),
    };
  }
}
