import { GatewayError } from '#libs/common';
import type { Token, TokenRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member's token, the whole row, or a 404 (also for another member's token). */
export async function requireMemberToken(tokens: TokenRepository, memberId: MemberId, tokenId: string): Promise<Token> {
  const token = await tokens.findForMember(memberId, tokenId);
  if (token === null) throw GatewayError.notFound(tokenId, `Token ${tokenId} not found.`);
  return token;
}
