import { GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';

/** The authenticated member a sub-TPP request is made for. */
export interface SubTppOwner {
  readonly memberId: MemberId;
  /** Set through the admin API (member.reseller): only resellers have sub-TPPs. */
  readonly reseller: boolean;
}

/** 403 ResellerOnly unless the member is a reseller. */
export function requireReseller(owner: SubTppOwner): MemberId {
  if (!owner.reseller) throw new GatewayError('ResellerOnly');
  return owner.memberId;
}

export function subTppNotFound(subTppId: string): GatewayError {
  return GatewayError.notFound(subTppId, `Sub-TPP ${subTppId} not found.`);
}
