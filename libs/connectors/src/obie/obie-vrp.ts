import { GatewayError } from '#libs/common';
import type { FundsCheck } from '../capabilities/funds-confirmation.js';
import type { VrpConsentProgress, VrpConsentRequest, VrpProgress, VrpRequest } from '../capabilities/vrp.js';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import { idempotencyKeyFor } from './obie-api.js';
import { objectAt, textAt, type JsonObject } from '../http/bank-json.js';
import { reasonText, rejectionReason, type ObieParts } from './obie-parts.js';
import { vrpConsentRequest, vrpFundsConfirmationRequest, vrpRequest } from './obie-requests.mappers.js';
import { mapPaymentStatus, mapVrpConsentStatus, rejectionOutcome } from './obie.mappers.js';

const CONSENTS = '/pisp/domestic-vrp-consents';
const VRPS = '/pisp/domestic-vrps';
const NONE = { kind: 'none' } as const;

/**
 * Variable recurring payments: the consent (authorised once, in the browser), payments under
 * it with the consent's grant, funds confirmation and revocation.
 */
export class ObieVrp {
  constructor(private readonly parts: ObieParts) {}

  async createConsent(ctx: BankCallContext, request: VrpConsentRequest): Promise<VrpConsentProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.post(
      ctx,
      CONSENTS,
      token,
      vrpConsentRequest(request),
      'obie.domestic-vrp-consents.create',
      idempotencyKeyFor('vrp-consent', request.consentId),
    );
    const data = objectAt(body, 'Data', 'Data');
    const bankConsentId = textAt(data, 'ConsentId', 'Data.ConsentId');
    const { status, outcome } = mapVrpConsentStatus(data['Status']);
    if (outcome !== 'AWAITING_AUTHORISATION') return { bankConsentId, outcome, bankStatus: status, next: NONE };
    // A VRP consent request names no user at the bank, so even a decoupled bank is asked in the browser.
    const redirectUrl = await this.parts.auth.authorizeUrl(
      bankConsentId,
      'payments',
      request.redirectUri,
      request.state,
      request.nonce,
    );
    return { bankConsentId, outcome, bankStatus: status, next: { kind: 'redirect', redirectUrl } };
  }

  async completeConsentRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<VrpConsentProgress> {
    const code = params['code'];
    if (params['error'] !== undefined || code === undefined || code === '') {
      const consent = await this.consent(ctx, bankConsentId);
      const outcome: BankOutcome =
        consent.outcome === 'AWAITING_AUTHORISATION'
          ? params['error'] === 'access_denied'
            ? 'REJECTED'
            : 'FAILED'
          : consent.outcome;
      return { bankConsentId, outcome, bankStatus: consent.status, next: NONE };
    }
    const grant = await this.parts.auth.exchangeCode(ctx, code, redirectUri);
    const consent = await this.consent(ctx, bankConsentId);
    return { bankConsentId, outcome: consent.outcome, bankStatus: consent.status, next: NONE, grant };
  }

  async getConsent(ctx: BankCallContext, bankConsentId: string): Promise<VrpConsentProgress> {
    const consent = await this.consent(ctx, bankConsentId);
    return { bankConsentId, outcome: consent.outcome, bankStatus: consent.status, next: NONE };
  }

  async revokeConsent(ctx: BankCallContext, bankConsentId: string): Promise<void> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    await this.parts.api.delete(
      ctx,
      `${CONSENTS}/${encodeURIComponent(bankConsentId)}`,
      token,
      'obie.domestic-vrp-consents.delete',
    );
  }

  /** A VRP repeats its consent's Initiation and Risk, so they are read from the bank first. */
  async initiate(ctx: BankCallContext, request: VrpRequest): Promise<VrpProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const consent = await this.parts.api.get(
      ctx,
      `${CONSENTS}/${encodeURIComponent(request.bankConsentId)}`,
      token,
      'obie.domestic-vrp-consents.read',
    );
    const initiation = objectAt(objectAt(consent, 'Data', 'Data'), 'Initiation', 'Data.Initiation');
    const risk = objectAt(consent, 'Risk', 'Risk');
    const body = await this.parts.api.post(
      ctx,
      VRPS,
      request.grant,
      vrpRequest(request, initiation, risk),
      'obie.domestic-vrps.create',
      idempotencyKeyFor('vrp', request.vrpId),
    );
    return this.progressOf(ctx, body);
  }

  async status(ctx: BankCallContext, bankVrpId: string): Promise<VrpProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    return this.progressOf(
      ctx,
      await this.parts.api.get(ctx, `${VRPS}/${encodeURIComponent(bankVrpId)}`, token, 'obie.domestic-vrps.read'),
    );
  }

  /** Funds confirmation under a VRP consent, with the consent's grant (authorization-code token). */
  async confirmFunds(ctx: BankCallContext, check: FundsCheck): Promise<{ readonly fundsAvailable: boolean }> {
    if (check.grant === undefined || check.grant === '') {
      throw new GatewayError('InvalidArgument', {
        message: 'Funds confirmation at a UK Open Banking bank needs the VRP consent grant.',
      });
    }
    const body = await this.parts.api.post(
      ctx,
      `${CONSENTS}/${encodeURIComponent(check.bankConsentId)}/funds-confirmation`,
      check.grant,
      vrpFundsConfirmationRequest(check),
      'obie.domestic-vrp-consents.funds-confirmation',
    );
    const result = objectAt(objectAt(body, 'Data', 'Data'), 'FundsAvailableResult', 'Data.FundsAvailableResult');
    return { fundsAvailable: result['FundsAvailable'] === 'Available' };
  }

  private async progressOf(ctx: BankCallContext, body: JsonObject): Promise<VrpProgress> {
    const data = objectAt(body, 'Data', 'Data');
    const bankVrpId = textAt(data, 'DomesticVRPId', 'Data.DomesticVRPId');
    const mapped = mapPaymentStatus(data['Status']);
    const reason =
      mapped.outcome === 'REJECTED'
        ? await rejectionReason(this.parts, ctx, `${VRPS}/${encodeURIComponent(bankVrpId)}/payment-details`)
        : undefined;
    const statusReason = reasonText(reason);
    return {
      bankVrpId,
      outcome: mapped.outcome === 'REJECTED' ? rejectionOutcome(reason) : mapped.outcome,
      bankStatus: mapped.status,
      ...(statusReason === undefined ? {} : { statusReason }),
    };
  }

  private async consent(
    ctx: BankCallContext,
    bankConsentId: string,
  ): Promise<{ status: string; outcome: BankOutcome }> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.get(
      ctx,
      `${CONSENTS}/${encodeURIComponent(bankConsentId)}`,
      token,
      'obie.domestic-vrp-consents.read',
    );
    return mapVrpConsentStatus(objectAt(body, 'Data', 'Data')['Status']);
  }
}
