import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { PaymentRepository, type NewPayment, type Tx } from '#libs/db';
import { hostedPagesPaymentRow } from './hosted-pages-payment-row.js';
import type { InitiatePaymentCommand } from './initiate-payment.usecase.js';
import { PaymentExtensions } from './payment-extensions.js';
import { PaymentInitiationChecks } from './payment-initiation-checks.js';
import { paymentRules, type PaymentRules } from './payment-rules.js';
import { renderPayment, type PaymentResource } from './payment-view.js';
import { storePaymentInTransaction } from './store-payment-in-transaction.js';

/**
 * A payment without a bank (the payer picks one on the hosted pages) made in two steps, for a
 * caller that counts it elsewhere (a payment link's use) and stores both in its own transaction:
 * prepare checks it as InitiatePaymentUseCase does and drafts its row, store writes that row in
 * the caller's transaction.
 */
@Injectable()
export class HostedPaymentPreparation {
  private readonly rules: PaymentRules;

  constructor(
    private readonly clock: Clock,
    private readonly payments: PaymentRepository,
    private readonly checks: PaymentInitiationChecks,
    private readonly extensions: PaymentExtensions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.rules = paymentRules(config);
  }

  /** The checked payment's row, not stored. Throws as InitiatePaymentUseCase does. */
  async prepare(command: InitiatePaymentCommand): Promise<NewPayment & { readonly id: string }> {
    if (command.input.bankId !== undefined || command.input.vrpConsentId !== undefined)
      throw new Error('only a payment without a bank or VRP consent waits for the hosted pages');
    const { now, draft } = await this.checks.check(command);
    return hostedPagesPaymentRow(draft, now, this.config.http.publicBaseUrl, this.rules);
  }

  /**
   * Stores a row prepare made in the caller's transaction: the row, its PAYMENT_STATUS_CHANGED
   * creation event (its NOTIFY goes with the commit) and its timer. No bank is asked: the hosted
   * pages ask the bank the payer picks, after the commit.
   */
  async store(tx: Tx, row: NewPayment): Promise<PaymentResource> {
    return renderPayment(
      await storePaymentInTransaction(tx, this.payments, row, this.clock.now(), this.rules, this.extensions),
    );
  }
}
