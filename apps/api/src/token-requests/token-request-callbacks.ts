import { Injectable } from '@nestjs/common';
import { TokenRequestCallback } from '#libs/application';
import {
  ConsentCallback,
  UNKNOWN_STATE,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from '../shared/callbacks/consent-callback-handler.js';

/**
 * The token request's end of the bank callback (state `tr.<callbackToken>`): the request is
 * completed with the bank's answer once, and the user goes on to the request's redirectUrl with
 * the result (requestId, tokenId, state, signature; or error and message).
 */
@Injectable()
@ConsentCallback('token-request')
export class TokenRequestCallbacks implements ConsentCallbackHandler {
  constructor(private readonly callback: TokenRequestCallback) {}

  async complete(
    token: string,
    params: Readonly<Record<string, string>>,
    context: ConsentCallbackContext,
  ): Promise<CallbackOutcome> {
    const location = await this.callback.complete(token, params, context);
    return location === undefined ? UNKNOWN_STATE : { kind: 'redirect', location };
  }
}
