import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '#libs/common';
import type { PaymentProgress } from '#libs/connectors';
import { PaymentRepository, type Payment } from '#libs/db';
import { PaymentProgression } from './payment-progression.js';
import type { ChangeResult } from './record-payment-change.js';
import { HostedPayments } from './hosted-payments.js';
import type { SelectableBank } from './selectable-banks.js';
import { selectionOf, type BankSelection, type NotChoosable } from './show-bank-selection.usecase.js';

export interface SelectBankCommand {
  /** The payment's callback token, from the page's URL. */
  readonly token: string;
  /** The form's `bankId`. */
  readonly bankId: string;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export type SelectBankOutcome =
  | { readonly kind: 'unknown-token' }
  | NotChoosable
  /** The bank is not one the payment may be made from: the page again, with the error. */
  | { readonly kind: 'not-offered'; readonly selection: BankSelection }
  /** The bank answered: the payment is at the bank's first step (or further). */
  | { readonly kind: 'chosen'; readonly payment: Payment }
  /** The bank could not start the payment: it has ended. */
  | { readonly kind: 'bank-failed'; readonly payment: Payment }
  /** The payment left bank selection while the bank was being asked (another choice, the expiry). */
  | { readonly kind: 'overtaken'; readonly payment: Payment };

/**
 * POST /hosted-pages/payments/{token}: the user picked a bank. Checks the bank against the ones
 * offered, asks it to initiate the payment as checked for that bank (AUTO_SELECT resolved to its
 * rail), and records the choice and the bank's answer as one status change out of
 * INITIATION_PENDING_REDIRECT_HP. A bank error ends the payment (rejected or failed, as for an API
 * initiation). If the payment moved on meanwhile (a second click that lost, or the expiry),
 * nothing is written and the current state is shown.
 */
@Injectable()
export class SelectBankUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly hosted: HostedPayments,
    private readonly progression: PaymentProgression,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(command: SelectBankCommand): Promise<SelectBankOutcome> {
    const payment = await this.hosted.byToken(command.token);
    if (payment === null) return { kind: 'unknown-token' };
    const choosability = this.hosted.choosability(payment);
    if (choosability !== 'choosable') return { kind: 'not-choosable', reason: choosability, payment };
    const selectable = await this.hosted.selectableFor(payment);
    const choice = selectable.find((candidate) => candidate.bank.id === command.bankId);
    if (choice === undefined) return { kind: 'not-offered', selection: selectionOf(payment, selectable, {}) };

    let progress: PaymentProgress;
    try {
      progress = await this.initiate(payment, choice, command);
    } catch (error) {
      this.logger.warn(
        { paymentId: payment.id, bankId: choice.bank.id, err: error },
        'the bank chosen on the hosted pages could not initiate the payment',
      );
      const failed = await this.progression.failBankChoice(payment.id, choice, error, command.traceId);
      return failed.kind === 'changed'
        ? { kind: 'bank-failed', payment: failed.payment }
        : { kind: 'overtaken', payment: await this.current(payment, failed) };
    }
    const chosen = await this.progression.chooseBank(payment.id, choice, progress);
    if (chosen.kind === 'changed') return { kind: 'chosen', payment: chosen.payment };
    this.logger.info(
      { paymentId: payment.id, bankId: choice.bank.id },
      'the payment left bank selection while its bank was being asked; the answer is dropped',
    );
    return { kind: 'overtaken', payment: await this.current(payment, chosen) };
  }

  private async initiate(
    payment: Payment,
    choice: SelectableBank,
    command: SelectBankCommand,
  ): Promise<PaymentProgress> {
    const merchantName = await this.hosted.merchantNameOf(payment);
    const atBank = {
      ...payment,
      bankId: choice.bank.id,
      localInstrument: choice.initiation.localInstrument,
      initiation: choice.initiation,
    };
    return this.progression.connectorFor(choice.bank).initiatePayment(
      this.progression.callContext(choice.bank.id, command.traceId, command.psuIpAddress),
      await this.progression.bankInitiationFor(atBank, {
        redirectUri: this.progression.redirectUri,
        ...(merchantName === undefined ? {} : { requestingParty: { displayName: merchantName } }),
      }),
    );
  }

  private async current(payment: Payment, result: ChangeResult): Promise<Payment> {
    if (result.kind !== 'stale') return result.payment;
    return (await this.payments.findById(payment.id)) ?? payment;
  }
}
