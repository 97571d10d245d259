import { Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Inject } from '@nestjs/common';
import { LOGGER } from '#libs/common';
import { PaymentRepository, type Payment } from '#libs/db';
import { PaymentProgression, bankHandleOf, bankInitiationOf, tppCallbackUrl } from '#libs/application';

export { tppCallbackUrl };

export type CallbackOutcome =
  { readonly kind: 'redirect'; readonly location: string } | { readonly kind: 'unknown-state' };

/**
 * The bank sent the user back (GET query or form post) to the gateway's redirect URI. The `state`
 * names the payment (it is the payment's unguessable callback token); the connector exchanges
 * the code and submits the payment, the payment moves on, and the user goes on to the TPP's
 * callbackUrl with `paymentId` and `callbackState`. A repeated callback (a reload) does not
 * repeat the bank calls. A failed bank call ends the payment (and still returns the user).
 */
@Injectable()
export class CompleteBankCallbackUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(
    params: Readonly<Record<string, string>>,
    traceId?: string,
    psuIpAddress?: string,
  ): Promise<CallbackOutcome> {
    const state = params['state'];
    const payment = state === undefined || state === '' ? null : await this.payments.findByCallbackToken(state);
    if (payment === null) return { kind: 'unknown-state' };
    if (payment.status === 'INITIATION_PENDING_REDIRECT_AUTH')
      await this.complete(payment, params, traceId, psuIpAddress);
    const latest = (await this.payments.findById(payment.id)) ?? payment;
    return { kind: 'redirect', location: tppCallbackUrl(latest) };
  }

  private async complete(
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
          initiation: bankInitiationOf(payment, { redirectUri }),
        });
      await this.progression.applyProgress(payment.id, progress, bank);
    } catch (error) {
      this.logger.warn({ paymentId: payment.id, bankId: bank.id, err: error }, 'completing the bank redirect failed');
      await this.progression.applyFailure(payment.id, error, traceId);
    }
  }
}
