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
 * payments (`vrps/`) make the payments that name a VRP consent and make their bank calls;
 * settlement accounts (`settlement/`) resolve a `creditor.virtualAccountId` and open the window
 * of a completed payment to one; payment links (`payment-links/`) take back the use of a payment
 * that ended without the money moving.
 *
 * The VRP extension holds the process's use case and bank calls: its Nest module plugs it into
 * `PaymentExtensions` (one per application). The others are functions of the caller's
 * transaction, with no state: the composition root of the application layer
 * (`libs/application/src/payment-extensions.ts`) plugs them once, when the layer is imported.
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
}

/** The events a payment under a VRP consent writes beside its own. */
export interface VrpPaymentEvents {
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

/** The extensions that are functions of the caller's transaction, plugged once per process. */
export interface PaymentMoveExtensions {
  readonly vrps: VrpPaymentEvents;
  readonly settlement: SettlementPaymentExtension;
  readonly links: PaymentLinkExtension;
}

let plugged: PaymentMoveExtensions | undefined;

/** Plugs the stateless extensions (the application layer's composition root, once). */
export function plugPaymentMoveExtensions(extensions: PaymentMoveExtensions): void {
  plugged = extensions;
}

function moveExtensions(): PaymentMoveExtensions {
  if (plugged === undefined)
    throw new Error('payments: no extensions plugged; import the application layer through #libs/application');
  return plugged;
}

/** VRP_STATUS_CHANGED's `vrpStatusChanged` for a VRP payment as it now stands. */
export function vrpEventPayload(payment: Payment): VrpEventPayload {
  return moveExtensions().vrps.vrpEventPayload(payment);
}

/** The initiation with its settlement-account creditor resolved (initiations without one as they are). */
export function withSettlementCreditor(
  accounts: SettlementAccountRepository,
  memberId: MemberId,
  input: PaymentInitiationInput,
): Promise<PaymentInitiationInput> {
  return moveExtensions().settlement.withSettlementCreditor(accounts, memberId, input);
}

/** Whether a recorded move is a settlement-account payment reaching the bank's final status. */
export function opensSettlementWindow(payment: Pick<Payment, 'status' | 'virtualAccountId'>): boolean {
  return moveExtensions().settlement.opensSettlementWindow(payment);
}

/** In the transaction that records that move: the payment's settlement window timer. */
export function openSettlementWindow(tx: Tx, payment: Payment, now: Date): Promise<Date> {
  return moveExtensions().settlement.openSettlementWindow(tx, payment, now);
}

/** In the transaction that records a payment's end: its payment link's use given back, when it had one. */
export function giveBackLinkUse(tx: Tx, payment: Payment, now: Date): Promise<void> {
  return moveExtensions().links.giveBackLinkUse(tx, payment, now);
}

/**
 * The extensions that hold a process's objects (the VRP use case and bank calls), one per
 * application, plugged by their Nest module when the application starts.
 */
@Injectable()
export class PaymentExtensions {
  private vrp: VrpPaymentExtension | undefined;

  /** The bank calls of VRP payments, for the payment progression (made before the VRP module plugs in). */
  readonly vrpBank: VrpBankCalls = {
    initiate: (payment: Payment, traceId?: string): Promise<PaymentProgress> =>
      this.vrps().bank.initiate(payment, traceId),
    status: (payment: Payment): Promise<PaymentProgress> => this.vrps().bank.status(payment),
  };

  plugVrps(extension: VrpPaymentExtension): void {
    this.vrp = extension;
  }

  /** Makes the payment of an initiation that names a VRP consent. */
  initiateVrp(
    command: InitiatePaymentCommand & { readonly input: { readonly vrpConsentId: string } },
  ): Promise<PaymentResource> {
    return this.vrps().initiate(command);
  }

  private vrps(): VrpPaymentExtension {
    if (this.vrp === undefined) throw new Error('payments: no VRP extension in this process (VrpsApplicationModule)');
    return this.vrp;
  }
}
