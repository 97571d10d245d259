import { Injectable } from '@nestjs/common';
import type { PaymentProgress } from '#libs/connectors';
import type { Payment, SettlementAccountRepository, Tx } from '#libs/db';
import type { MemberId, PaymentInitiationInput } from '#libs/domain';
import type { VrpStatusChangedPayload } from '#libs/events';
import type { InitiatePaymentCommand } from './initiate-payment.usecase.js';
import type { VrpBankCalls } from './payment-progression.js';
import type { PaymentResource } from './payment-view.js';

/**
 * The extension port of payments: what other domains add to a payment, declared here and
 * implemented in their folders, so that payments imports none of them. Variable recurring
 * payments (`vrps/`) make the payments that name a VRP consent, make their bank calls and write
 * VRP_STATUS_CHANGED beside the payment's event; settlement accounts (`settlement/`) resolve a
 * `creditor.virtualAccountId` and open the window of a completed payment to one; payment links
 * (`payment-links/`) take back the use of a payment that ended without the money moving.
 *
 * `PaymentExtensions` is a Nest provider, one per application (PaymentsApplicationModule): each
 * domain's Nest module plugs its extension into it when the application starts (VrpPaymentPlug,
 * SettlementPaymentPlug, PaymentLinkPaymentPlug), and the payment's lifecycle, progression and
 * initiation use the one they are given. A process that does not import a domain's module has no
 * extension of it: a payment that needs one (a VRP, a payment to a settlement account or through
 * a payment link) fails there rather than moving without it.
 */

/** The VRP_STATUS_CHANGED payload of a payment under a VRP consent. */
export type VrpEventPayload = VrpStatusChangedPayload;

/** Variable recurring payments: a payment naming a VRP consent, its bank calls and its event. */
export interface VrpPaymentExtension {
  /** Makes the payment of an initiation that names a VRP consent (POST /v2/payments with `vrpConsentId`). */
  initiate(
    command: InitiatePaymentCommand & { readonly input: { readonly vrpConsentId: string } },
  ): Promise<PaymentResource>;
  /** The bank calls of a payment under a VRP consent. */
  readonly bank: VrpBankCalls;
  /** VRP_STATUS_CHANGED's `vrpStatusChanged`, written beside the payment's event. */
  vrpEventPayload(payment: Payment): VrpEventPayload;
}

/** Settlement accounts: a payment that pays one. */
export interface SettlementPaymentExtension {
  /** The initiation with a `creditor.virtualAccountId` resolved to the account (400 naming the field otherwise). */
  withSettlementCreditor(
    accounts: SettlementAccountRepository,
    memberId: MemberId,
    input: PaymentInitiationInput,
  ): Promise<PaymentInitiationInput>;
  /** Whether a recorded move is a settlement-account payment reaching the bank's final status. */
  opensSettlementWindow(payment: Pick<Payment, 'status' | 'virtualAccountId'>): boolean;
  /** In the transaction of that move: the payment's settlement window timer; answers its end. */
  openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date>;
}

/** Payment links: a payment made through a link that ended without the money moving gives its use back. */
export interface PaymentLinkExtension {
  giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void>;
}

/** What a payment's move asks of the domains built on it: its events and what follows it. */
export interface PaymentMoveHooks {
  /** VRP_STATUS_CHANGED's `vrpStatusChanged` for a VRP payment as it now stands. */
  vrpEventPayload(payment: Payment): VrpEventPayload;
  /** Whether a recorded move is a settlement-account payment reaching the bank's final status. */
  opensSettlementWindow(payment: Pick<Payment, 'status' | 'virtualAccountId'>): boolean;
  /** In the transaction that records that move: the payment's settlement window timer; answers its end. */
  openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date>;
  /** In the transaction that records a payment's end: its payment link's use given back, when it had one. */
  giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void>;
}

/**
 * The extensions of one application, plugged by their Nest modules when the application starts.
 * A payment that needs an extension this process does not have fails loudly.
 */
@Injectable()
export class PaymentExtensions implements PaymentMoveHooks {
  private vrp: VrpPaymentExtension | undefined;
  private settlement: SettlementPaymentExtension | undefined;
  private links: PaymentLinkExtension | undefined;

  /** The bank calls of VRP payments, for the payment progression (made before the VRP module plugs in). */
  readonly vrpBank: VrpBankCalls = {
    initiate: (payment: Payment, traceId?: string): Promise<PaymentProgress> =>
      this.vrps().bank.initiate(payment, traceId),
    status: (payment: Payment): Promise<PaymentProgress> => this.vrps().bank.status(payment),
  };

  plugVrps(extension: VrpPaymentExtension): void {
    this.vrp = extension;
  }

  plugSettlement(extension: SettlementPaymentExtension): void {
    this.settlement = extension;
  }

  plugLinks(extension: PaymentLinkExtension): void {
    this.links = extension;
  }

  /** Makes the payment of an initiation that names a VRP consent. */
  initiateVrp(
    command: InitiatePaymentCommand & { readonly input: { readonly vrpConsentId: string } },
  ): Promise<PaymentResource> {
    return this.vrps().initiate(command);
  }

  vrpEventPayload(payment: Payment): VrpEventPayload {
    return this.vrps().vrpEventPayload(payment);
  }

  /** The initiation with its settlement-account creditor resolved (initiations without one as they are). */
  withSettlementCreditor(
    accounts: SettlementAccountRepository,
    memberId: MemberId,
    input: PaymentInitiationInput,
  ): Promise<PaymentInitiationInput> {
    if (input.creditor.virtualAccountId === undefined) return Promise.resolve(input);
    return this.settlements().withSettlementCreditor(accounts, memberId, input);
  }

  opensSettlementWindow(payment: Pick<Payment, 'status' | 'virtualAccountId'>): boolean {
    return payment.virtualAccountId !== null && this.settlements().opensSettlementWindow(payment);
  }

  openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date> {
    return this.settlements().openSettlementWindow(tx, payment, now);
  }

  async giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void> {
    if (payment.paymentLinkId === null) return;
    if (this.links === undefined)
      throw new Error('payments: no payment link extension in this process (PaymentLinksApplicationModule)');
    await this.links.giveBackLinkUse(tx, payment, now);
  }

  private vrps(): VrpPaymentExtension {
    if (this.vrp === undefined) throw new Error('payments: no VRP extension in this process (VrpsApplicationModule)');
    return this.vrp;
  }

  private settlements(): SettlementPaymentExtension {
    if (this.settlement === undefined)
      throw new Error('payments: no settlement extension in this process (SettlementApplicationModule)');
    return this.settlement;
  }
}
