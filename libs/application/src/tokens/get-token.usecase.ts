import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { TokenRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { renderToken, type TokenResource } from './token-view.js';

export interface GetTokenCommand {
  readonly memberId: MemberId;
  readonly tokenId: string;
}

/** GET /tokens/{tokenId}: the member's token; 404 for any other id. */
@Injectable()
export class GetTokenUseCase {
  constructor(private readonly tokens: TokenRepository) {}

  async execute({ memberId, tokenId }: GetTokenCommand): Promise<TokenResource> {
    const token = await this.tokens.findViewForMember(memberId, tokenId);
    if (token === null) throw GatewayError.notFound(tokenId, `Token ${tokenId} not found.`);
    return renderToken(token);
  }
}
