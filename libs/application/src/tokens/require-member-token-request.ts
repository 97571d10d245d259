import { GatewayError } from '#libs/common';
import type { TokenRequest, TokenRequestRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member's token request, or a 404 (also for another member's request). */
export async function requireMemberTokenRequest(
  tokenRequests: TokenRequestRepository,
  memberId: MemberId,
  tokenRequestId: string,
): Promise<TokenRequest> {
  const request = await tokenRequests.findForMember(memberId, tokenRequestId);
  if (request === null) throw GatewayError.notFound(tokenRequestId, `Token request ${tokenRequestId} not found.`);
  return request;
}
