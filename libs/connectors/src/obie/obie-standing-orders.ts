import type {
  BankPaymentHandle,
  DecoupledAuthorisation,
  PaymentProgress,
  RedirectAuthorisation,
} from '../capabilities/payment-initiation.js';
import type { StandingOrderCallback, StandingOrderInitiation } from '../capabilities/standing-orders.js';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import { objectAt, textAt, type JsonObject } from '../http/bank-json.js';
import { partyFor } from './obie-accounts.mappers.js';
import { idempotencyKeyFor } from './obie-api.js';
import { authorisationProgress, checkReturnedState, refusedProgress } from './obie-consent-authorisation.js';
import { reasonText, rejectionReason, type ObieParts } from './obie-parts.js';
import { standingOrderConsentRequest, standingOrderRequest } from './obie-standing-order-requests.js';
import { mapPaymentConsentStatus, mapStandingOrderStatus } from './obie.mappers.js';

const CONSENTS = '/pisp/domestic-standing-order-consents';
const ORDERS = '/pisp/domestic-standing-orders';
const NONE = { kind: 'none' } as const;

/**
 * Domestic standing orders: the consent the user authorises (redirect or CIBA), the standing
 * order submitted with the user's token when they are back, and its status.
 */
export class ObieStandingOrders {
  constructor(private readonly parts: ObieParts) {}

  async create(ctx: BankCallContext, initiation: StandingOrderInitiation): Promise<PaymentProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.post(
      ctx,
      CONSENTS,
      token,
      standingOrderConsentRequest(this.parts.bankId, initiation),
      'obie.domestic-standing-order-consents.create',
      idempotencyKeyFor('standing-order-consent', initiation.standingOrderId),
    );
    const data = objectAt(body, 'Data', 'Data');
    const handle: BankPaymentHandle = { bankConsentId: textAt(data, 'ConsentId', 'Data.ConsentId') };
    return authorisationProgress(this.parts, ctx, handle, mapPaymentConsentStatus(data['Status']), initiation);
  }

  /** The user came back: the code is exchanged and the standing order submitted with the user's token. */
  async completeRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<PaymentProgress> {
    const answer = await this.authoriseRedirect(ctx, callback);
    if (answer.kind === 'refused') return answer.progress;
    return this.submit(ctx, callback.handle, callback.initiation, answer.grant);
  }

  /** The user came back: the code exchanged for the user's token, nothing submitted yet. */
  async authoriseRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<RedirectAuthorisation> {
    const { params, handle, initiation } = callback;
    checkReturnedState(params, initiation.state);
    const code = params['code'];
    if (params['error'] !== undefined || code === undefined || code === '') {
      const consent = await this.readConsent(ctx, handle.bankConsentId);
      return {
        kind: 'refused',
        progress: refusedProgress(handle, consent, params['error'] ?? 'invalid_request', params['error_description']),
      };
    }
    return { kind: 'authorised', grant: await this.parts.auth.exchangeCode(ctx, code, callback.redirectUri) };
  }

  /** The CIBA poll of a decoupled authorisation: waiting, refused, or the user's access token; nothing submitted. */
  async authoriseDecoupled(ctx: BankCallContext, handle: BankPaymentHandle): Promise<DecoupledAuthorisation> {
    const authReqId = handle.continuation?.['authReqId'];
    if (authReqId === undefined) throw new Error('the authorisation is not a decoupled one (no authReqId)');
    const poll = await this.parts.auth.pollCiba(ctx, authReqId);
    if (poll.state === 'pending') return { kind: 'waiting' };
    if (poll.state === 'denied')
      return {
        kind: 'refused',
        progress: refusedProgress(
          handle,
          await this.readConsent(ctx, handle.bankConsentId),
          'access_denied',
          poll.reason,
        ),
      };
    return { kind: 'authorised', grant: poll.accessToken };
  }

  /** The standing order once it exists; before, the decoupled answer (then the submission) or the consent. */
  async status(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
  ): Promise<PaymentProgress> {
    if (handle.bankPaymentId !== undefined) {
      const token = await this.parts.auth.clientToken(ctx, 'payments');
      const body = await this.parts.api.get(
        ctx,
        `${ORDERS}/${encodeURIComponent(handle.bankPaymentId)}`,
        token,
        'obie.domestic-standing-orders.read',
      );
      return this.progressOf(ctx, handle, body);
    }
    if (handle.continuation?.['authReqId'] !== undefined) {
      const answer = await this.authoriseDecoupled(ctx, handle);
      if (answer.kind === 'waiting')
        return {
          handle,
          outcome: 'AWAITING_AUTHORISATION',
          bankStatus: 'AwaitingAuthorisation',
          next: { kind: 'decoupled' },
        };
      if (answer.kind === 'refused') return answer.progress;
      return this.submit(ctx, handle, initiation, answer.grant);
    }
    const consent = await this.readConsent(ctx, handle.bankConsentId);
    return { handle, outcome: consent.outcome, bankStatus: consent.status, next: NONE };
  }

  /** The standing order submitted with the user's token, under the idempotency key of its standingOrderId. */
  async submit(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
    userToken: string,
  ): Promise<PaymentProgress> {
    const body = await this.parts.api.post(
      ctx,
      ORDERS,
      userToken,
      standingOrderRequest(this.parts.bankId, handle.bankConsentId, initiation),
      'obie.domestic-standing-orders.create',
      idempotencyKeyFor('standing-order', initiation.standingOrderId),
    );
    return this.progressOf(ctx, handle, body);
  }

  private async progressOf(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    body: JsonObject,
  ): Promise<PaymentProgress> {
    const data = objectAt(body, 'Data', 'Data');
    const bankPaymentId = textAt(data, 'DomesticStandingOrderId', 'Data.DomesticStandingOrderId');
    const mapped = mapStandingOrderStatus(data['Status']);
    const reason =
      mapped.outcome === 'REJECTED'
        ? await rejectionReason(this.parts, ctx, `${ORDERS}/${encodeURIComponent(bankPaymentId)}/payment-details`)
        : undefined;
    const statusReason = reasonText(reason);
    const debtor = partyFor(data['Debtor']);
    return {
      handle: { ...handle, bankPaymentId },
      outcome: mapped.outcome,
      bankStatus: mapped.status,
      ...(statusReason === undefined ? {} : { statusReason }),
      next: NONE,
      ...(debtor === undefined ? {} : { debtor }),
    };
  }

  private async readConsent(
    ctx: BankCallContext,
    consentId: string,
  ): Promise<{ status: string; outcome: BankOutcome }> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.get(
      ctx,
      `${CONSENTS}/${encodeURIComponent(consentId)}`,
      token,
      'obie.domestic-standing-order-consents.read',
    );
    return mapPaymentConsentStatus(objectAt(body, 'Data', 'Data')['Status']);
  }
}
