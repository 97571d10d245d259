import type {
  AccountAccessRequest,
  AuthorisationStep,
  BankAccount,
  BankBalance,
  BankConnector,
  BankPaymentHandle,
  BankStandingOrder,
  BankTransaction,
  ConnectorHealth,
  PaymentInitiation,
  PaymentProgress,
  RedirectCallback,
  SettlementCredit,
  TransactionQuery,
  VrpConsentProgress,
  VrpProgress,
} from '../bank-connector.js';
import { BankRejectedError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { guardBankAnswer, probeHealth, rejectUnsupported } from '../connector-calls.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import { BerlinGroupAis } from './berlin-group-ais.js';
import { BerlinGroupApi, XS2A_PATHS } from './berlin-group-api.js';
import { BerlinGroupPayments, type BerlinGroupParts } from './berlin-group-payments.js';
import { parseBerlinGroupSettings } from './berlin-group-settings.js';

export interface BerlinGroupConnectorDeps {
  readonly http: BankHttpClient;
  /** Wall clock for consent validity, transaction windows and health timings. */
  readonly nowMs?: () => number;
}

/** Resource id the health check asks about: no bank has it, so a 4xx answer proves the API serves. */
export const HEALTH_PROBE_ID = 'gateway-health-probe';

/**
 * Berlin Group NextGenPSD2 (XS2A v1.3) banks: single payments of every product the rails map to,
 * authorised by redirect, decoupled or embedded SCA through the authorisation sub-resources, and
 * account information under a consent. XS2A has no VRP, standing-order reads in this connector,
 * payouts or settlement credits: those are BankOperationUnsupportedError.
 */
export class BerlinGroupConnector implements BankConnector {
  readonly protocol = 'berlin-group';
  private readonly parts: BerlinGroupParts;
  private readonly payments: BerlinGroupPayments;
  private readonly ais: BerlinGroupAis;
  private readonly nowMs: () => number;

  constructor(entry: BankCatalogueEntry, deps: BerlinGroupConnectorDeps) {
    const settings = parseBerlinGroupSettings(entry.id, entry.connector.settings);
    this.nowMs = deps.nowMs ?? Date.now;
    this.parts = { bankId: entry.id, settings, api: new BerlinGroupApi(settings, deps.http) };
    this.payments = new BerlinGroupPayments(this.parts);
    this.ais = new BerlinGroupAis(this.parts, this.nowMs);
  }

  initiatePayment(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.initiate(ctx, initiation));
  }

  completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.completeRedirect(ctx, callback));
  }

  submitEmbeddedAuth(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    values: Readonly<Record<string, string>>,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.submitEmbedded(ctx, handle, values));
  }

  getPaymentStatus(ctx: BankCallContext, handle: BankPaymentHandle): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.status(ctx, handle));
  }

  createVrpConsent(ctx: BankCallContext): Promise<VrpConsentProgress> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  completeVrpConsentRedirect(ctx: BankCallContext): Promise<VrpConsentProgress> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  getVrpConsent(ctx: BankCallContext): Promise<VrpConsentProgress> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  revokeVrpConsent(ctx: BankCallContext): Promise<void> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  initiateVrp(ctx: BankCallContext): Promise<VrpProgress> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  getVrpStatus(ctx: BankCallContext): Promise<VrpProgress> {
    return this.unsupported(ctx, 'variable recurring payments');
  }

  confirmFunds(ctx: BankCallContext): Promise<{ readonly fundsAvailable: boolean }> {
    return this.unsupported(ctx, 'funds confirmation (XS2A confirmation-of-funds consents)');
  }

  initiatePayout(ctx: BankCallContext): Promise<VrpProgress> {
    return this.unsupported(ctx, 'payouts');
  }

  getPayoutStatus(ctx: BankCallContext): Promise<VrpProgress> {
    return this.unsupported(ctx, 'payouts');
  }

  listSettlementCredits(ctx: BankCallContext): Promise<readonly SettlementCredit[]> {
    return this.unsupported(ctx, 'settlement credits');
  }

  createAccountAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }> {
    return guardBankAnswer(ctx, () => this.ais.createAccess(ctx, request));
  }

  completeAccountAccessRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
  ): Promise<{ readonly grant: string }> {
    return guardBankAnswer(ctx, () => this.ais.completeAccessRedirect(ctx, bankConsentId, params));
  }

  listAccounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]> {
    return guardBankAnswer(ctx, () => this.ais.accounts(ctx, grant));
  }

  getBalances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]> {
    return guardBankAnswer(ctx, () => this.ais.balances(ctx, grant, bankAccountId));
  }

  listTransactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]> {
    return guardBankAnswer(ctx, () => this.ais.transactions(ctx, grant, bankAccountId, query));
  }

  listStandingOrders(ctx: BankCallContext): Promise<readonly BankStandingOrder[]> {
    return this.unsupported(ctx, 'standing orders');
  }

  /**
   * XS2A has no health resource and every call needs a resource: each API is asked about a
   * payment (PIS) or consent (AIS) that does not exist. A 4xx answer means the API serves (UP);
   * a 5xx, no answer or a missed deadline means DOWN.
   */
  health(ctx: BankCallContext): Promise<ConnectorHealth> {
    const product = Object.values(this.parts.settings.productMap)[0] ?? 'sepa-credit-transfers';
    const answers = async (path: string, operation: string): Promise<void> => {
      try {
        await this.parts.api.get(ctx, path, operation);
      } catch (error) {
        if (!(error instanceof BankRejectedError)) throw error;
      }
    };
    return probeHealth(this.nowMs, {
      pis: () => answers(XS2A_PATHS.paymentStatus(product, HEALTH_PROBE_ID), 'xs2a.health.payments'),
      ais: () => answers(XS2A_PATHS.consentStatus(HEALTH_PROBE_ID), 'xs2a.health.consents'),
    });
  }

  private unsupported<T>(ctx: BankCallContext, operation: string): Promise<T> {
    return rejectUnsupported(ctx, `${operation} (not offered over Berlin Group XS2A)`);
  }
}
