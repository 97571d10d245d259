import { Injectable } from '@nestjs/common';
import { TokenRequestRepository, type TokenRequest } from '#libs/db';

/** Callback tokens are base58; anything else (or anything longer) cannot name a token request. */
const TOKEN_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{1,64}$/;

export interface FindHostedTokenRequestCommand {
  /** The callback token in the hosted pages' path: the page's only credential. */
  readonly token: string;
}

/** The token request a hosted page's callback token names, or null. */
@Injectable()
export class FindHostedTokenRequestUseCase {
  constructor(private readonly tokenRequests: TokenRequestRepository) {}

  execute(command: FindHostedTokenRequestCommand): Promise<TokenRequest | null> {
    return TOKEN_SHAPE.test(command.token)
      ? this.tokenRequests.findByCallbackToken(command.token)
      : Promise.resolve(null);
  }
}
