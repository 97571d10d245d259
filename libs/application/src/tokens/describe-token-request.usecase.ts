import { Injectable } from '@nestjs/common';
import { MemberRepository, type TokenRequest } from '#libs/db';
import { displayAmount, type TokenRequestPayloadInput } from '#libs/domain';
import { TokenRequestingParty } from './token-requesting-party.js';

export interface DescribeTokenRequestCommand {
  readonly request: TokenRequest;
}

/** What the hosted pages tell the user about a token request: who asks, and for what. */
export interface TokenRequestDescription {
  readonly merchantName?: string;
  readonly what: string;
}

/** The hosted pages' summary of a token request: the requesting party's name and what it asks for. */
@Injectable()
export class DescribeTokenRequestUseCase {
  constructor(
    private readonly members: MemberRepository,
    private readonly requestingParty: TokenRequestingParty,
  ) {}

  async execute(command: DescribeTokenRequestCommand): Promise<TokenRequestDescription> {
    const { request } = command;
    const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
    const merchantName = await this.requestingParty.nameOf(
      request,
      await this.members.displayNameOfOwner(request.memberId),
    );
    const body = payload.transferBody;
    const what =
      body !== undefined
        ? `a payment of ${displayAmount(body.lifetimeAmount, body.currency)}`
        : payload.standingOrderBody !== undefined
          ? `a standing order of ${displayAmount(payload.standingOrderBody.amount, payload.standingOrderBody.currency)}`
          : 'access to your account information';
    return { ...(merchantName === undefined ? {} : { merchantName }), what };
  }
}
