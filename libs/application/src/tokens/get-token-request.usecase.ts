import { Injectable } from '@nestjs/common';
import { TokenRequestRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { requireMemberTokenRequest } from './require-member-token-request.js';
import { renderTokenRequest, type TokenRequestResource } from './token-view.js';

export interface GetTokenRequestCommand {
  readonly memberId: MemberId;
  readonly tokenRequestId: string;
}

/** GET /token-requests/{requestId}: the member's request; 404 for any other id. */
@Injectable()
export class GetTokenRequestUseCase {
  constructor(private readonly tokenRequests: TokenRequestRepository) {}

  async execute({ memberId, tokenRequestId }: GetTokenRequestCommand): Promise<TokenRequestResource> {
    return renderTokenRequest(await requireMemberTokenRequest(this.tokenRequests, memberId, tokenRequestId));
  }
}
