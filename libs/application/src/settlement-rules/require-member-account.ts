import { GatewayError } from '#libs/common';
import type { SettlementAccountRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member's settlement account or a 404 (also for another member's account). */
export async function requireMemberAccount(
  accounts: SettlementAccountRepository,
  memberId: MemberId,
  accountId: string,
): Promise<void> {
  if ((await accounts.findForMember(memberId, accountId)) === null)
    throw GatewayError.notFound(accountId, `Settlement account ${accountId} not found.`);
}
