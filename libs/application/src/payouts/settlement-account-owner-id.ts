import type { SettlementAccount } from '#libs/db';
import type { MemberId } from '#libs/domain';

/**
 * The member who owns a stored settlement account, for the gateway's own work on it (a settlement
 * rule's payout): the stored row is the authority on its owner, as authentication is for a
 * request. A producer of MemberId (see libs/domain/src/identifiers/member-id.ts).
 */
export function settlementAccountOwnerId(account: Pick<SettlementAccount, 'memberId'>): MemberId {
  return account.memberId as MemberId;
}
