import { GatewayError } from '#libs/common';
import type { FundsCheck } from '../capabilities/funds-confirmation.js';
import type { VrpConsentProgress, VrpConsentRequest, VrpProgress, VrpRequest } from '../capabilities/vrp.js';
import { BankRejectedError, BankVrpRefusedError } from '../bank-errors.js';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import { idempotencyKeyFor } from './obie-api.js';
import { partyFor } from './obie-accounts.mappers.js';
import { objectAt, optionalText, textAt, type JsonObject } from '../http/bank-json.js';
import { reasonText, rejectionReason, type ObieParts, type RejectionReason } from './obie-parts.js';
import { vrpConsentRequest, vrpFundsConfirmationRequest, vrpRequest } from './obie-requests.mappers.js';
import { controlParametersOf } from './obie-vrp-consent.mappers.js';
import {
  mapPaymentStatus,
  mapVrpConsentStatus,
  rejectionOutcome,
  vrpRefusalFor,
  vrpStatusReasonText,
} from './obie.mappers.js';

const CONSENTS = '/pisp/domestic-vrp-consents';
const VRPS = '/pisp/domestic-vrps';
const NONE = { kind: 'none' } as const;

/** A bank's refusal of a call under a VRP consent, said in VRP terms (what it means for the consent). */
function asVrpRefusal(bankId: string, error: unknown): unknown {
  if (!(error instanceof BankRejectedError) || error instanceof BankVrpRefusedError) return error;
  const reason = error.message.replace(/^Bank \S+ rejected the request: /, '');
  return new BankVrpRefusedError(
    bankId,
    error.bankStatusCode,
    error.bankErrorCode,
    reason,
    vrpRefusalFor(error.bankStatusCode, error.bankErrorCode),
  );
}

async function refusedInVrpTerms<T>(ctx: BankCallContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asVrpRefusal(ctx.bankId, error);
  }
}

/**
 * Variable recurring payments: the consent (authorised once, in the browser), payments under
 * it with the consent's grant, funds confirmation and revocation. Refusals of a payment or a funds
 * confirmation are BankVrpRefusedErrors saying what they mean for the consent; a grant the bank no
 * longer honours (401: the user revoked the consent at the bank) is CONSENT_REVOKED.
 */
/** How many consents' terms a connector keeps (the oldest are read again from the bank when needed). */
const KEPT_CONSENT_TERMS = 10_000;

/** The parts of a VRP consent every VRP under it repeats. */
interface ConsentTerms {
  readonly initiation: JsonObject;
  readonly risk: JsonObject;
}

export class ObieVrp {
  /**
   * Each consent's Initiation and Risk, read from the bank once: the standard has no way to amend
   * a consent, so they stay what the bank answered (a bounded map, oldest out first).
   */
  private readonly terms = new Map<string, ConsentTerms>();

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
    const control = controlParametersOf(data);
    const echo = control === undefined ? {} : { controlParameters: control };
    if (outcome !== 'AWAITING_AUTHORISATION')
      return { bankConsentId, outcome, bankStatus: status, next: NONE, ...echo };
    // A VRP consent request names no user at the bank, so even a decoupled bank is asked in the browser.
    const redirectUrl = await this.parts.auth.authorizeUrl(
      bankConsentId,
      'payments',
      request.redirectUri,
      request.state,
      request.nonce,
    );
    return { bankConsentId, outcome, bankStatus: status, next: { kind: 'redirect', redirectUrl }, ...echo };
  }

  async completeConsentRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<VrpConsentProgress> {
    const code = params['code'];
    if (params['error'] !== undefined || code === undefined || code === '') {
      const consent = await this.getConsent(ctx, bankConsentId);
      const outcome: BankOutcome =
        consent.outcome === 'AWAITING_AUTHORISATION'
          ? params['error'] === 'access_denied'
            ? 'REJECTED'
            : 'FAILED'
          : consent.outcome;
      return { ...consent, outcome };
    }
    const grant = await this.parts.auth.exchangeCode(ctx, code, redirectUri);
    return { ...(await this.getConsent(ctx, bankConsentId)), grant };
  }

  /**
   * The consent as the bank holds it: status, limits and (once authorised) the debtor account.
   * A consent revoked at the bank still reads Authorised (see BankVrpRefusedError).
   */
  async getConsent(ctx: BankCallContext, bankConsentId: string): Promise<VrpConsentProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.get(
      ctx,
      `${CONSENTS}/${encodeURIComponent(bankConsentId)}`,
      token,
      'obie.domestic-vrp-consents.read',
    );
    const data = objectAt(body, 'Data', 'Data');
    const { status, outcome } = mapVrpConsentStatus(data['Status']);
    const debtor = partyFor(data['DebtorAccount']);
    const control = controlParametersOf(data);
    return {
      bankConsentId,
      outcome,
      bankStatus: status,
      next: NONE,
      ...(debtor === undefined ? {} : { debtor }),
      ...(control === undefined ? {} : { controlParameters: control }),
    };
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

  /** A VRP repeats its consent's Initiation and Risk, read from the bank the first time. */
  initiate(ctx: BankCallContext, request: VrpRequest): Promise<VrpProgress> {
    return refusedInVrpTerms(ctx, async () => {
      const { initiation, risk } = await this.termsOf(ctx, request.bankConsentId);
      const body = await this.parts.api.post(
        ctx,
        VRPS,
        request.grant,
        vrpRequest(request, initiation, risk),
        'obie.domestic-vrps.create',
        idempotencyKeyFor('vrp', request.vrpId),
      );
      return this.progressOf(ctx, body);
    });
  }

  private async termsOf(ctx: BankCallContext, bankConsentId: string): Promise<ConsentTerms> {
    const key = `${ctx.bankId}\u0000${bankConsentId}`;
    const kept = this.terms.get(key);
    if (kept !== undefined) return kept;
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const consent = await this.parts.api.get(
      ctx,
      `${CONSENTS}/${encodeURIComponent(bankConsentId)}`,
      token,
      'obie.domestic-vrp-consents.read',
    );
    const terms = {
      initiation: objectAt(objectAt(consent, 'Data', 'Data'), 'Initiation', 'Data.Initiation'),
      risk: objectAt(consent, 'Risk', 'Risk'),
    };
    if (this.terms.size >= KEPT_CONSENT_TERMS) this.terms.delete(this.terms.keys().next().value ?? '');
    this.terms.set(key, terms);
    return terms;
  }

  async status(ctx: BankCallContext, bankVrpId: string): Promise<VrpProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    return this.progressOf(
      ctx,
      await this.parts.api.get(ctx, `${VRPS}/${encodeURIComponent(bankVrpId)}`, token, 'obie.domestic-vrps.read'),
    );
  }

  /**
   * Funds confirmation under a VRP consent, with the consent's grant (authorization-code token).
   * Data.Reference is left out: the standard has it repeat the consent's own reference.
   */
  async confirmFunds(ctx: BankCallContext, check: FundsCheck): Promise<{ readonly fundsAvailable: boolean }> {
    const grant = check.grant;
    if (grant === undefined || grant === '') {
      throw new GatewayError('InvalidArgument', {
        message: 'Funds confirmation at a UK Open Banking bank needs the VRP consent grant.',
      });
    }
    const body = await refusedInVrpTerms(ctx, () =>
      this.parts.api.post(
        ctx,
        `${CONSENTS}/${encodeURIComponent(check.bankConsentId)}/funds-confirmation`,
        grant,
        vrpFundsConfirmationRequest(check),
        'obie.domestic-vrp-consents.funds-confirmation',
      ),
    );
    const result = objectAt(objectAt(body, 'Data', 'Data'), 'FundsAvailableResult', 'Data.FundsAvailableResult');
    return { fundsAvailable: result['FundsAvailable'] === 'Available' };
  }

  /**
   * OBDomesticVRPResponse in the capability's words. A rejection's reason is the response's own
   * StatusReason / StatusReasonDescription, or else the payment-details resource's; an ISO 20022
   * AM04 in it is REJECTED_INSUFFICIENT_FUNDS.
   */
  private async progressOf(ctx: BankCallContext, body: JsonObject): Promise<VrpProgress> {
    const data = objectAt(body, 'Data', 'Data');
    const bankVrpId = textAt(data, 'DomesticVRPId', 'Data.DomesticVRPId');
    const mapped = mapPaymentStatus(data['Status']);
    const code = optionalText(data, 'StatusReason');
    const description = optionalText(data, 'StatusReasonDescription');
    const ownReason: RejectionReason | undefined =
      code === undefined && description === undefined
        ? undefined
        : {
            ...(code === undefined ? {} : { statusReason: vrpStatusReasonText(code) }),
            ...(description === undefined ? {} : { description }),
          };
    const reason =
      mapped.outcome === 'REJECTED' && description === undefined
        ? ((await rejectionReason(this.parts, ctx, `${VRPS}/${encodeURIComponent(bankVrpId)}/payment-details`)) ??
          ownReason)
        : ownReason;
    const statusReason = reasonText(reason);
    const debtor = partyFor(data['DebtorAccount']);
    const refundAccount = partyFor(data['Refund']);
    return {
      bankVrpId,
      outcome: mapped.outcome === 'REJECTED' ? rejectionOutcome(reason) : mapped.outcome,
      bankStatus: mapped.status,
      ...(statusReason === undefined ? {} : { statusReason }),
      ...(debtor === undefined ? {} : { debtor }),
      ...(refundAccount === undefined ? {} : { refundAccount }),
    };
  }
}
