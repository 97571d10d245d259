import type { SubTpp } from '#libs/db';

/** The interface's Sub-TPP record (member.SubTpp). */
export interface SubTppResource {
  readonly id: string;
  readonly memberId: string;
  readonly name: string;
  readonly domain: string;
  readonly logo?: string;
  readonly mccCode?: string;
  readonly merchant: Record<string, unknown>;
  readonly parentSubTppId?: string;
  readonly childSubTppIds: readonly string[];
  readonly restrictedCountries: readonly string[];
  readonly status: string;
  readonly statusReasonInformation?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export function renderSubTpp(row: SubTpp, childSubTppIds: readonly string[]): SubTppResource {
  return {
    id: row.id,
    memberId: row.memberId,
    name: row.name,
    domain: row.domain,
    ...(row.logo === null ? {} : { logo: row.logo }),
    ...(row.mccCode === null ? {} : { mccCode: row.mccCode }),
    merchant: row.merchant as Record<string, unknown>,
    ...(row.parentSubTppId === null ? {} : { parentSubTppId: row.parentSubTppId }),
    childSubTppIds,
    restrictedCountries: [],
    status: row.status,
    ...(row.statusReasonInformation === null ? {} : { statusReasonInformation: row.statusReasonInformation }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
