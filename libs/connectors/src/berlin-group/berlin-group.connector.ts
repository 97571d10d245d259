import type { BankCapabilities, BankConnector } from '../bank-connector.js';
import type { AccountInformationCapability, BankStandingOrder } from '../capabilities/account-information.js';
import type {
  BankPaymentHandle,
  PaymentInitiation,
  PaymentInitiationCapability,
  PaymentProgress,
} from '../capabilities/payment-initiation.js';
import type { ConnectorHealth } from '../capabilities/status-probe.js';
import type {
  StandingOrderCallback,
  StandingOrderCapability,
  StandingOrderInitiation,
} from '../capabilities/standing-orders.js';
import type { BankCallContext, LocalInstrument } from '../bank-types.js';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { guardBankAnswer, rejectUnsupported } from '../connector-calls.js';
import { GuardedBankCalls } from '../guarded-bank-calls.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import { BerlinGroupAis } from './berlin-group-ais.js';
import { BerlinGroupApi } from './berlin-group-api.js';
import { BerlinGroupPayments, type BerlinGroupParts } from './berlin-group-payments.js';
import { parseBerlinGroupSettings } from './berlin-group-settings.js';
import { BerlinGroupStandingOrders } from './berlin-group-standing-orders.js';
import { probeBerlinGroup, probeProduct } from './berlin-group-status-probe.js';

export interface BerlinGroupConnectorDeps {
  readonly http: BankHttpClient;
  /** Wall clock for consent validity, transaction windows and health timings. */
  readonly nowMs?: () => number;
}

/**
 * Berlin Group NextGenPSD2 (XS2A v1.3) banks: single payments of every product the rails map to,
 * authorised by redirect, decoupled or embedded SCA through the authorisation sub-resources, and
 * account information under a consent, and standing orders as periodic payments. A payment is
 * one step (the bank executes it as the user authorises it), so there is no explicitRedemption.
 * XS2A has no VRP; this connector has no funds confirmation (XS2A confirmation-of-funds
 * consents) and no standing-order reads of an account (BankOperationUnsupportedError).
 */
export class BerlinGroupConnector
  extends GuardedBankCalls
  implements BankConnector, PaymentInitiationCapability, AccountInformationCapability, StandingOrderCapability
{
  readonly protocol = 'berlin-group';
  readonly capabilities: Pick<BankCapabilities, 'payments' | 'accounts' | 'standingOrders'> = {
    payments: this,
    accounts: this,
    standingOrders: this,
  };
  private readonly parts: BerlinGroupParts;
  protected readonly payments: BerlinGroupPayments;
  protected readonly ais: BerlinGroupAis;
  private readonly standingOrders: BerlinGroupStandingOrders;
  private readonly nowMs: () => number;
  private readonly rails: readonly LocalInstrument[];

  constructor(entry: BankCatalogueEntry, deps: BerlinGroupConnectorDeps) {
    super();
    const settings = parseBerlinGroupSettings(entry.id, entry.connector.settings);
    this.nowMs = deps.nowMs ?? Date.now;
    this.parts = { bankId: entry.id, settings, api: new BerlinGroupApi(settings, deps.http) };
    this.payments = new BerlinGroupPayments(this.parts);
    this.ais = new BerlinGroupAis(this.parts, this.nowMs);
    this.standingOrders = new BerlinGroupStandingOrders(this.parts);
    this.rails = entry.supportedLocalInstruments;
  }

  submitEmbeddedAuth(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    values: Readonly<Record<string, string>>,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.submitEmbedded(ctx, handle, values));
  }

  /** XS2A reads the status from the payment resource alone; the initiation is not needed. */
  getPaymentStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    _initiation: PaymentInitiation,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.status(ctx, handle));
  }

  createStandingOrder(ctx: BankCallContext, initiation: StandingOrderInitiation): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.create(ctx, initiation));
  }

  /** One step: the bank set the order up as the user authorised it; this reads where it stands. */
  completeStandingOrderRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.completeRedirect(ctx, callback));
  }

  getStandingOrderStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    _initiation: StandingOrderInitiation,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.status(ctx, handle));
  }

  completeAccountAccessRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    _redirectUri: string,
  ): Promise<{ readonly grant: string }> {
    return guardBankAnswer(ctx, () => this.ais.completeAccessRedirect(ctx, bankConsentId, params));
  }

  revokeAccountAccess(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    return guardBankAnswer(ctx, () => this.ais.revokeAccess(ctx, bankConsentId));
  }

  listStandingOrders(
    ctx: BankCallContext,
    _grant: string,
    _bankAccountId: string,
  ): Promise<readonly BankStandingOrder[]> {
    return this.unsupported(ctx, 'standing orders');
  }

  /** Each API is asked about a resource that does not exist; a healthy bank answers 403/404 (see the probe). */
  health(ctx: BankCallContext): Promise<ConnectorHealth> {
    const product = probeProduct(this.rails, this.parts.settings.productMap);
    return probeBerlinGroup(ctx, this.parts.api, product, this.nowMs);
  }

  private unsupported<T>(ctx: BankCallContext, operation: string): Promise<T> {
    return rejectUnsupported(ctx, `${operation} (not offered over Berlin Group XS2A)`);
  }
}
