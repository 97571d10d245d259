import { Injectable } from '@nestjs/common';
import { SubTppRepository, type TokenRequest } from '#libs/db';
import type { TokenRequestPayloadInput } from '#libs/domain';

/**
 * Whom the bank's consent page (and the hosted pages) name as asking for a token request: the
 * sub-TPP its `actingAs.refId` names (one of the member's sub-TPPs, checked when the request was
 * stored), never the free text of `actingAs.displayName`; without one, the member itself.
 */
@Injectable()
export class TokenRequestingParty {
  constructor(private readonly subTpps: SubTppRepository) {}

  /** The sub-TPP's name, else `memberName` (the member's display name, when known). */
  async nameOf(request: TokenRequest, memberName: string | undefined): Promise<string | undefined> {
    const refId = (request.requestPayload as unknown as TokenRequestPayloadInput).actingAs?.refId;
    if (refId === undefined) return memberName;
    return (await this.subTpps.nameOfOwner(request.memberId, refId)) ?? memberName;
  }
}
