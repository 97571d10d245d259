import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import { PaymentRepository, type Bank, type Payment } from '#libs/db';
import { isClearRefusal } from '../bank-truth/clear-refusal.js';
import { bankHandleOf } from './bank-initiation.js';
import { PaymentOrderSubmission, type CallerContext } from './payment-order-submission.js';
import { PaymentProgression } from './payment-progression.js';

export interface CompletePaymentCallbackCommand {
  /** The payment's callback token, as the state named it. */
  readonly token: string;
  /** The bank's answer: the callback's query and form fields. */
  readonly params: Readonly<Record<string, string>>;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * The payment's end of the bank callback (the gateway's redirect URI, GET query or form post).
 * The command's token is the payment's unguessable callback token. At a bank that submits in a
 * second step (UK Open Banking) the return is processed once (PaymentOrderSubmission: a
 * conditional move before any bank call; the order asked again while its answer is unknown);
 * at a bank that executes as the user authorises (Berlin Group) the return only reads where the
 * payment stands. A second or concurrent return calls nothing. Either way it answers the payment
 * as it now stands (null when no payment has this token), for the user to go on to the TPP's
 * callbackUrl with `paymentId` and `callbackState`.
 */
@Injectable()
export class CompletePaymentCallbackUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    private readonly orders: PaymentOrderSubmission,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ token, params, traceId, psuIpAddress }: CompletePaymentCallbackCommand): Promise<Payment | null> {
    const payment = await this.payments.findByCallbackToken(token);
    if (payment === null) return null;
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
    return (await this.payments.findById(payment.id)) ?? payment;
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
