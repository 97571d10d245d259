import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import { PaymentRepository, type Bank, type Payment } from '#libs/db';
import {
  PaymentOrderSubmission,
  PaymentProgression,
  bankHandleOf,
  isClearRefusal,
  tppCallbackUrl,
  type CallerContext,
} from '#libs/application';
import {
  ConsentCallback,
  UNKNOWN_STATE,
  type CallbackOutcome,
  type ConsentCallbackContext,
  type ConsentCallbackHandler,
} from '../bank-callback/consent-callback-handler.js';

export { tppCallbackUrl };

/**
 * The payment's end of the bank callback (the gateway's redirect URI, GET query or form post).
 * The state's token is the payment's unguessable callback token. At a bank that submits in a
 * second step (UK Open Banking) the return is processed once (PaymentOrderSubmission: a
 * conditional move before any bank call; the order asked again while its answer is unknown);
 * at a bank that executes as the user authorises (Berlin Group) the return only reads where the
 * payment stands. A second or concurrent return calls nothing. Either way the user goes on to
 * the TPP's callbackUrl with `paymentId` and `callbackState`, and the payment's current state.
 */
@Injectable()
@ConsentCallback('payment')
export class CompleteBankCallbackUseCase implements ConsentCallbackHandler {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    private readonly orders: PaymentOrderSubmission,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async complete(
    token: string,
    params: Readonly<Record<string, string>>,
    { traceId, psuIpAddress }: ConsentCallbackContext,
  ): Promise<CallbackOutcome> {
    const payment = await this.payments.findByCallbackToken(token);
    if (payment === null) return UNKNOWN_STATE;
    if (payment.status === 'INITIATION_PENDING_REDIRECT_AUTH') {
      const caller: CallerContext = {
        ...(traceId === undefined ? {} : { traceId }),
        ...(psuIpAddress === undefined ? {} : { psuIpAddress }),
      };
      const bank = await this.progression.bankOf(payment);
      const redemption = this.progression.connectorFor(bank).explicitRedemption;
      if (redemption !== undefined) await this.orders.completeRedirect(payment, bank, redemption, params, caller);
      else await this.readAfterReturn(payment, bank, params, caller);
    }
    const latest = (await this.payments.findById(payment.id)) ?? payment;
    return { kind: 'redirect', location: tppCallbackUrl(latest) };
  }

  /**
   * A bank that executes as the user authorises: the return is navigation, the bank is asked where
   * the payment stands. A clear refusal ends it; a bank that does not answer leaves it to its timer,
   * which asks the bank before anything expires.
   */
  private async readAfterReturn(
    payment: Payment,
    bank: Bank,
    params: Readonly<Record<string, string>>,
    caller: CallerContext,
  ): Promise<void> {
    try {
      const redirectUri = this.progression.redirectUri;
      const progress = await this.progression
        .connectorFor(bank)
        .completeRedirect(this.progression.callContext(bank.id, caller.traceId, caller.psuIpAddress), {
          handle: bankHandleOf(payment),
          params,
          redirectUri,
          initiation: await this.progression.bankInitiationFor(payment, { redirectUri }),
        });
      await this.progression.applyProgress(payment.id, progress, bank);
    } catch (error) {
      this.logger.warn(
        { paymentId: payment.id, bankId: bank.id, err: error },
        'reading the payment after the return failed',
      );
      if (isClearRefusal(error)) await this.progression.applyFailure(payment.id, error, caller.traceId);
    }
  }
}
