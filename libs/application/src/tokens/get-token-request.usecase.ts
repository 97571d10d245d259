import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { TokenRequestRepository, type TokenRequest } from '#libs/db';
import type { MemberId } from '#libs/domain';
import {
  renderTokenRequest,
  renderTokenRequestResult,
  type TokenRequestResource,
  type TokenRequestResult,
} from './token-view.js';

export interface GetTokenRequestCommand {
  readonly memberId: MemberId;
  readonly tokenRequestId: string;
}

/** GET /token-requests/{requestId} and GET /token-requests/{tokenRequestId}/result: the member's request; 404 for any other id. */
@Injectable()
export class GetTokenRequestUseCase {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly clock: Clock,
  ) {}

  async find(memberId: MemberId, tokenRequestId: string): Promise<TokenRequest> {
    const request = await this.tokenRequests.findForMember(memberId, tokenRequestId);
    if (request === null) throw GatewayError.notFound(tokenRequestId, `Token request ${tokenRequestId} not found.`);
    return request;
  }

  async execute({ memberId, tokenRequestId }: GetTokenRequestCommand): Promise<TokenRequestResource> {
    return renderTokenRequest(await this.find(memberId, tokenRequestId));
  }

  /** The result as it stands now (a PENDING request past its expiry answers EXPIRED). */
  async result(memberId: MemberId, tokenRequestId: string): Promise<TokenRequestResult> {
    return renderTokenRequestResult(await this.find(memberId, tokenRequestId), this.clock.now());
  }
}
