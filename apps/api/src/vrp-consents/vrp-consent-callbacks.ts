import { Injectable } from '@nestjs/common';
import { CompleteVrpConsentCallbackUseCase, vrpConsentCallbackUrl } from '#libs/application';
import {
  ConsentCallback,
  UNKNOWN_STATE,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from '../shared/callbacks/consent-callback-handler.js';

/**
 * The VRP consent's end of the bank callback (state `vc.` + the consent's callback token): the
 * consent is verified with the bank and recorded, and the user goes on to the TPP's callbackUrl
 * with `vrpConsentId` and `callbackState`, whatever the outcome.
 */
@Injectable()
@ConsentCallback('vrp-consent')
export class VrpConsentCallbacks implements ConsentCallbackHandler {
  constructor(private readonly completeCallback: CompleteVrpConsentCallbackUseCase) {}

  async complete(
    token: string,
    params: Readonly<Record<string, string>>,
    context: ConsentCallbackContext,
  ): Promise<CallbackOutcome> {
    const consent = await this.completeCallback.execute({ token, params, ...context });
    if (consent === null) return UNKNOWN_STATE;
    return { kind: 'redirect', location: vrpConsentCallbackUrl(consent) };
  }
}
