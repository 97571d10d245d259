import { Injectable } from '@nestjs/common';
import { CompletePaymentCallbackUseCase, tppCallbackUrl } from '#libs/application';
import {
  ConsentCallback,
  UNKNOWN_STATE,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from '../shared/callbacks/consent-callback-handler.js';

/**
 * The payment's end of the bank callback (state: the payment's bare callback token): the return
 * is processed once, and the user goes on to the TPP's callbackUrl with `paymentId` and
 * `callbackState`, whatever the outcome.
 */
@Injectable()
@ConsentCallback('payment')
export class PaymentCallbacks implements ConsentCallbackHandler {
  constructor(private readonly completeCallback: CompletePaymentCallbackUseCase) {}

  async complete(
    token: string,
    params: Readonly<Record<string, string>>,
    context: ConsentCallbackContext,
  ): Promise<CallbackOutcome> {
    const payment = await this.completeCallback.execute({ token, params, ...context });
    if (payment === null) return UNKNOWN_STATE;
    return { kind: 'redirect', location: tppCallbackUrl(payment) };
  }
}
