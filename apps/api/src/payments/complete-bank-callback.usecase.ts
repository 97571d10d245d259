import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import { PaymentRepository, type Payment } from '#libs/db';
import { PaymentProgression, bankHandleOf, tppCallbackUrl } from '#libs/application';
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
 * The state's token is the payment's unguessable callback token; the connector exchanges
 * the code and submits the payment, the payment moves on, and the user goes on to the TPP's
 * callbackUrl with `paymentId` and `callbackState`. A repeated callback (a reload) does not
 * repeat the bank calls. A failed bank call ends the payment (and still returns the user).
 */
@Injectable()
@ConsentCallback('payment')
export class CompleteBankCallbackUseCase implements ConsentCallbackHandler {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async complete(
    token: string,
    params: Readonly<Record<string, string>>,
    { traceId, psuIpAddress }: ConsentCallbackContext,
  ): Promise<CallbackOutcome> {
    const payment = await this.payments.findByCallbackToken(token);
    if (payment === null) return UNKNOWN_STATE;
    if (payment.status === 'INITIATION_PENDING_REDIRECT_AUTH')
      await this.completeRedirect(payment, params, traceId, psuIpAddress);
    const latest = (await this.payments.findById(payment.id)) ?? payment;
    return { kind: 'redirect', location: tppCallbackUrl(latest) };
  }

  private async completeRedirect(
    payment: Payment,
    params: Readonly<Record<string, string>>,
    traceId?: string,
    psuIpAddress?: string,
  ): Promise<void> {
    const bank = await this.progression.bankOf(payment);
    try {
      const redirectUri = this.progression.redirectUri;
      const progress = await this.progression
        .connectorFor(bank)
        .completeRedirect(this.progression.callContext(bank.id, traceId, psuIpAddress), {
          handle: bankHandleOf(payment),
          params,
          redirectUri,
          initiation: await this.progression.bankInitiationFor(payment, { redirectUri }),
        });
      await this.progression.applyProgress(payment.id, progress, bank);
    } catch (error) {
      this.logger.warn({ paymentId: payment.id, bankId: bank.id, err: error }, 'completing the bank redirect failed');
      await this.progression.applyFailure(payment.id, error, traceId);
    }
  }
}
