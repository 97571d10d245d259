import type { BankCapabilities, BankConnector } from '../bank-connector.js';
import type { AccountInformationCapability, BankStandingOrder } from '../capabilities/account-information.js';
import type { FundsCheck, FundsConfirmationCapability } from '../capabilities/funds-confirmation.js';
import type {
  BankPaymentHandle,
  ExplicitRedemption,
  PaymentInitiation,
  PaymentInitiationCapability,
  PaymentProgress,
} from '../capabilities/payment-initiation.js';
import type { InitiationProgress } from '../capabilities/initiation-progress.js';
import type { RefundInitiation, RefundsCapability } from '../capabilities/refunds.js';
import type { ConnectorHealth } from '../capabilities/status-probe.js';
import type {
  StandingOrderCallback,
  StandingOrderCapability,
  StandingOrderSubmission,
  StandingOrderInitiation,
} from '../capabilities/standing-orders.js';
import type {
  VrpCapability,
  VrpConsentProgress,
  VrpConsentRequest,
  VrpProgress,
  VrpRequest,
} from '../capabilities/vrp.js';
import type { BankCallContext } from '../bank-types.js';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { guardBankAnswer, probeHealth, rejectUnsupported } from '../connector-calls.js';
import { GuardedBankCalls } from '../guarded-bank-calls.js';
import type { BankHttpClient } from '../http/bank-http-client.js';
import { BankTlsMaterialError, type BankTlsPart } from '../http/bank-tls.js';
import { SecretResolutionError, type SecretResolver } from '../secrets/secret-resolver.js';
import { ObieAis } from './obie-ais.js';
import { ObieApi } from './obie-api.js';
import { ObieAuthServer } from './obie-auth-server.js';
import type { ObieParts } from './obie-parts.js';
import { ObiePayments } from './obie-payments.js';
import { ObieRefunds } from './obie-refunds.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { parseObieSettings, type ObieMtlsSettings } from './obie-settings.js';
import { ObieSigner } from './obie-signing.js';
import { ObieStandingOrders } from './obie-standing-orders.js';
import { ObieVrp } from './obie-vrp.js';

export interface ObieConnectorDeps {
  readonly http: BankHttpClient;
  readonly secrets: SecretResolver;
  /** Wall clock for token expiry and signing times. */
  readonly nowMs?: () => number;
}

function resolveSecret(bankId: string, secrets: SecretResolver, field: string, ref: string): string {
  try {
    return secrets.resolve(ref);
  } catch (error) {
    if (error instanceof SecretResolutionError) throw new ConnectorSettingsError(bankId, field, error.message);
    throw error;
  }
}

const MTLS_FIELDS: Readonly<Record<BankTlsPart, string>> = {
  certificate: 'mtls.certRef',
  privateKey: 'mtls.keyRef',
  ca: 'mtls.caRef',
};

/** The shared client, or one that carries this bank's calls over mutual TLS; bad material fails here, naming its field. */
function bankHttp(bankId: string, deps: ObieConnectorDeps, mtls: ObieMtlsSettings): BankHttpClient {
  if (!mtls.enabled) return deps.http;
  const material = {
    certificate: resolveSecret(bankId, deps.secrets, MTLS_FIELDS.certificate, mtls.certRef),
    privateKey: resolveSecret(bankId, deps.secrets, MTLS_FIELDS.privateKey, mtls.keyRef),
    ...(mtls.caRef === undefined ? {} : { ca: resolveSecret(bankId, deps.secrets, MTLS_FIELDS.ca, mtls.caRef) }),
    serverName: mtls.serverName,
  };
  try {
    return deps.http.withClientCertificate(bankId, material);
  } catch (error) {
    if (error instanceof BankTlsMaterialError)
      throw new ConnectorSettingsError(bankId, MTLS_FIELDS[error.part], error.problem);
    throw error;
  }
}

/**
 * UK Open Banking (OBIE Read/Write API v3.1) banks: single and scheduled domestic payments
 * (authorised and submitted at once, or apart: explicitRedemption), domestic standing orders, VRP,
 * funds confirmation and account information, with redirect or decoupled (CIBA) SCA.
 */
export class ObieConnector
  extends GuardedBankCalls
  implements
    BankConnector,
    PaymentInitiationCapability,
    VrpCapability,
    AccountInformationCapability,
    FundsConfirmationCapability,
    StandingOrderCapability,
    RefundsCapability
{
  readonly protocol = 'obie';
  readonly capabilities: Pick<
    BankCapabilities,
    'payments' | 'vrp' | 'accounts' | 'fundsConfirmation' | 'standingOrders' | 'refunds'
  > = {
    payments: this,
    vrp: this,
    accounts: this,
    fundsConfirmation: this,
    standingOrders: this,
    refunds: this,
  };
  private readonly parts: ObieParts;
  protected readonly payments: ObiePayments;
  private readonly vrp: ObieVrp;
  private readonly standingOrders: ObieStandingOrders;
  private readonly refunds: ObieRefunds;
  protected readonly ais: ObieAis;
  private readonly nowMs: () => number;
  /** Authorise on the user's return, submit later: a transfer token redeemed explicitly. */
  readonly explicitRedemption: ExplicitRedemption = {
    authoriseRedirect: (ctx, callback) => guardBankAnswer(ctx, () => this.payments.authoriseRedirect(ctx, callback)),
    authoriseDecoupled: (ctx, handle, initiation) =>
      guardBankAnswer(ctx, () => this.payments.authoriseDecoupled(ctx, handle, initiation)),
    submitAuthorised: (ctx, handle, initiation, grant) =>
      guardBankAnswer(ctx, () => this.payments.submit(ctx, handle, initiation, grant)),
  };
  /** Authorise on the user's return or approval, then submit the standing order with the grant kept. */
  readonly standingOrderSubmission: StandingOrderSubmission = {
    authoriseRedirect: (ctx, callback) =>
      guardBankAnswer(ctx, () => this.standingOrders.authoriseRedirect(ctx, callback)),
    authoriseDecoupled: (ctx, handle) =>
      guardBankAnswer(ctx, () => this.standingOrders.authoriseDecoupled(ctx, handle)),
    submitAuthorised: (ctx, handle, initiation, grant) =>
      guardBankAnswer(ctx, () => this.standingOrders.submit(ctx, handle, initiation, grant)),
  };

  constructor(entry: BankCatalogueEntry, deps: ObieConnectorDeps) {
    super();
    const settings = parseObieSettings(entry.id, entry.connector.settings);
    this.nowMs = deps.nowMs ?? Date.now;
    const clientSecret = resolveSecret(entry.id, deps.secrets, 'clientSecretRef', settings.clientSecretRef);
    const signer = new ObieSigner(entry.id, settings.signing, deps.secrets, this.nowMs);
    // Token, CIBA and resource calls all go through this client: with mTLS on, all carry the certificate.
    const http = bankHttp(entry.id, deps, settings.mtls);
    this.parts = {
      bankId: entry.id,
      settings,
      auth: new ObieAuthServer(settings, clientSecret, http, signer, this.nowMs),
      api: new ObieApi(settings, http, signer),
    };
    this.payments = new ObiePayments(this.parts);
    this.vrp = new ObieVrp(this.parts);
    this.standingOrders = new ObieStandingOrders(this.parts);
    this.refunds = new ObieRefunds(this.parts);
    this.ais = new ObieAis(this.parts);
  }

  submitEmbeddedAuth(
    ctx: BankCallContext,
    _handle: BankPaymentHandle,
    _values: Readonly<Record<string, string>>,
  ): Promise<PaymentProgress> {
    return rejectUnsupported(ctx, 'embedded authorisation (OBIE authorises by redirect or decoupled)');
  }

  getPaymentStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.status(ctx, handle, initiation));
  }

  createStandingOrder(ctx: BankCallContext, initiation: StandingOrderInitiation): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.create(ctx, initiation));
  }

  completeStandingOrderRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.completeRedirect(ctx, callback));
  }

  getStandingOrderStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
  ): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.standingOrders.status(ctx, handle, initiation));
  }

  createVrpConsent(ctx: BankCallContext, request: VrpConsentRequest): Promise<VrpConsentProgress> {
    return guardBankAnswer(ctx, () => this.vrp.createConsent(ctx, request));
  }

  completeVrpConsentRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<VrpConsentProgress> {
    return guardBankAnswer(ctx, () => this.vrp.completeConsentRedirect(ctx, bankConsentId, params, redirectUri));
  }

  getVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<VrpConsentProgress> {
    return guardBankAnswer(ctx, () => this.vrp.getConsent(ctx, bankConsentId));
  }

  revokeVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    return guardBankAnswer(ctx, () => this.vrp.revokeConsent(ctx, bankConsentId));
  }

  initiateVrp(ctx: BankCallContext, request: VrpRequest): Promise<VrpProgress> {
    return guardBankAnswer(ctx, () => this.vrp.initiate(ctx, request));
  }

  /** Read with a client-credentials token, as the standard has it; the grant is not needed. */
  getVrpStatus(ctx: BankCallContext, bankVrpId: string, _grant?: string): Promise<VrpProgress> {
    return guardBankAnswer(ctx, () => this.vrp.status(ctx, bankVrpId));
  }

  initiateRefund(ctx: BankCallContext, initiation: RefundInitiation): Promise<InitiationProgress> {
    return guardBankAnswer(ctx, () => this.refunds.initiate(ctx, initiation));
  }

  /** Read with the member's client token, as any domestic payment; the registered credential is not needed. */
  getRefundStatus(
    ctx: BankCallContext,
    bankPaymentId: string,
    _registrationGrant?: string,
  ): Promise<InitiationProgress> {
    return guardBankAnswer(ctx, () => this.refunds.status(ctx, bankPaymentId));
  }

  confirmFunds(ctx: BankCallContext, check: FundsCheck): Promise<{ readonly fundsAvailable: boolean }> {
    return guardBankAnswer(ctx, () => this.vrp.confirmFunds(ctx, check));
  }

  completeAccountAccessRedirect(
    ctx: BankCallContext,
    _bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<{ readonly grant: string }> {
    return guardBankAnswer(ctx, () => this.ais.completeAccessRedirect(ctx, params, redirectUri));
  }

  revokeAccountAccess(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    return guardBankAnswer(ctx, () => this.ais.revokeAccess(ctx, bankConsentId));
  }

  listStandingOrders(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
  ): Promise<readonly BankStandingOrder[]> {
    return guardBankAnswer(ctx, () => this.ais.standingOrders(ctx, grant, bankAccountId));
  }

  /** PIS and AIS are up when the authorisation server issues a fresh token for each scope. */
  health(ctx: BankCallContext): Promise<ConnectorHealth> {
    return probeHealth(this.nowMs, {
      pis: () => this.parts.auth.clientToken(ctx, 'payments', { fresh: true }),
      ais: () => this.parts.auth.clientToken(ctx, 'accounts', { fresh: true }),
    });
  }
}
