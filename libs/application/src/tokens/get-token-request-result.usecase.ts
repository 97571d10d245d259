import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { TokenRequestRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { requireMemberTokenRequest } from './require-member-token-request.js';
import { renderTokenRequestResult, type TokenRequestResult } from './token-view.js';

export interface GetTokenRequestResultCommand {
  readonly memberId: MemberId;
  readonly tokenRequestId: string;
}

/**
 * GET /token-requests/{tokenRequestId}/result: the result of the member's request as it stands
 * now (a PENDING request past its expiry answers EXPIRED); 404 for any other id.
 */
@Injectable()
export class GetTokenRequestResultUseCase {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ memberId, tokenRequestId }: GetTokenRequestResultCommand): Promise<TokenRequestResult> {
    return renderTokenRequestResult(
      await requireMemberTokenRequest(this.tokenRequests, memberId, tokenRequestId),
      this.clock.now(),
    );
  }
}
