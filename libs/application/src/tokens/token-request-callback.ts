import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { TokenRequestRepository, type TokenRequest } from '#libs/db';
import { CompleteTokenRequest, type CompletionContext } from './complete-token-request.js';
import { tppRedirectUrl } from './token-request-redirect.js';
import { tokenRequestStepOf } from './token-request-step.js';

/** How long a repeated callback waits for the first one to finish before sending the user on anyway. */
const OVERTAKEN_WAIT_MS = 10_000;
const OVERTAKEN_POLL_MS = 100;

/**
 * A token request's end of the bank callback: the request named by the state's callback token
 * is completed with the bank's answer (once: the request is claimed first, so a reload or a
 * second callback calls no bank), and the user goes on to the TPP's redirectUrl with the result.
 */
@Injectable()
export class TokenRequestCallback {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly completion: CompleteTokenRequest,
  ) {}

  /** Where the user goes next; undefined when no request has this callback token. */
  async complete(
    callbackToken: string,
    params: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<string | undefined> {
    const request = await this.tokenRequests.findByCallbackToken(callbackToken);
    if (request === null) return undefined;
    if (request.status === 'PENDING' && tokenRequestStepOf(request.authorization)?.kind === 'redirect') {
      const claimed = await this.completion.claimReturn(request);
      if (claimed !== null) {
        await this.completion.afterRedirect(claimed, params, context);
        // A standing order whose bank answer is unknown stays PENDING, asked again: the TPP asks for the result.
        return tppRedirectUrl(await this.completion.reload(request));
      }
    }
    return tppRedirectUrl(await this.settled(request));
  }

  /** The request once it has left PENDING, or as it stands when another completion takes too long. */
  private async settled(request: TokenRequest): Promise<TokenRequest> {
    const deadline = Date.now() + OVERTAKEN_WAIT_MS;
    let current = await this.completion.reload(request);
    while (current.status === 'PENDING' && tokenRequestStepOf(current.authorization)?.kind === 'completing') {
      if (Date.now() > deadline) break;
      await sleep(OVERTAKEN_POLL_MS);
      current = await this.completion.reload(current);
    }
    return current;
  }
}
