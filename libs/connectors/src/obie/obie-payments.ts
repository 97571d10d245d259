import type {
  BankPaymentHandle,
  PaymentInitiation,
  PaymentProgress,
  DecoupledAuthorisation,
  RedirectAuthorisation,
  RedirectCallback,
} from '../capabilities/payment-initiation.js';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import { authorisationProgress, checkReturnedState, refusedProgress } from './obie-consent-authorisation.js';
import { partyFor } from './obie-accounts.mappers.js';
import { idempotencyKeyFor } from './obie-api.js';
import { objectAt, textAt, type JsonObject } from '../http/bank-json.js';
import { reasonText, rejectionReason, type ObieParts } from './obie-parts.js';
import { paymentConsentRequest, paymentOrderRequest } from './obie-requests.mappers.js';
import {
  mapPaymentConsentStatus,
  mapPaymentStatus,
  mapScheduledPaymentStatus,
  rejectionOutcome,
} from './obie.mappers.js';

interface Resource {
  readonly name: string;
  readonly consents: string;
  readonly payments: string;
  readonly idField: string;
}

const DOMESTIC: Resource = {
  name: 'domestic',
  consents: '/pisp/domestic-payment-consents',
  payments: '/pisp/domestic-payments',
  idField: 'DomesticPaymentId',
};
const SCHEDULED: Resource = {
  name: 'domestic-scheduled',
  consents: '/pisp/domestic-scheduled-payment-consents',
  payments: '/pisp/domestic-scheduled-payments',
  idField: 'DomesticScheduledPaymentId',
};

const resourceFor = (initiation: PaymentInitiation): Resource =>
  initiation.executionDate === undefined ? DOMESTIC : SCHEDULED;
const NONE = { kind: 'none' } as const;

/**
 * Single immediate and future-dated (scheduled) domestic payments: consent, the user's
 * authorisation (redirect or CIBA), the payment order, and its status.
 */
export class ObiePayments {
  constructor(private readonly parts: ObieParts) {}

  async initiate(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress> {
    const resource = resourceFor(initiation);
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.post(
      ctx,
      resource.consents,
      token,
      paymentConsentRequest(this.parts.bankId, initiation),
      `obie.${resource.name}-payment-consents.create`,
      idempotencyKeyFor('payment-consent', initiation.paymentId),
    );
    const data = objectAt(body, 'Data', 'Data');
    const handle: BankPaymentHandle = { bankConsentId: textAt(data, 'ConsentId', 'Data.ConsentId') };
    return authorisationProgress(this.parts, ctx, handle, mapPaymentConsentStatus(data['Status']), initiation);
  }

  /** The user came back: the payment order is submitted at once with the token the code gives. */
  async completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress> {
    const authorisation = await this.authoriseRedirect(ctx, callback);
    if (authorisation.kind === 'refused') return authorisation.progress;
    return this.submit(ctx, callback.handle, callback.initiation, authorisation.grant);
  }

  /**
   * The user came back: the code is exchanged for the user's access token, and nothing is
   * submitted; a refusal (or any error the bank sent back) is the consent's refused progress.
   */
  async authoriseRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<RedirectAuthorisation> {
    const { params, handle, initiation } = callback;
    checkReturnedState(params, initiation.state);
    const code = params['code'];
    if (params['error'] !== undefined || code === undefined || code === '') {
      const progress = await this.refused(
        ctx,
        handle,
        initiation,
        params['error'] ?? 'invalid_request',
        params['error_description'],
      );
      return { kind: 'refused', progress };
    }
    return { kind: 'authorised', grant: await this.parts.auth.exchangeCode(ctx, code, callback.redirectUri) };
  }

  /** The CIBA poll of a decoupled authorisation: waiting, refused, or the user's access token; nothing submitted. */
  async authoriseDecoupled(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
  ): Promise<DecoupledAuthorisation> {
    const authReqId = handle.continuation?.['authReqId'];
    if (authReqId === undefined) throw new Error('the authorisation is not a decoupled one (no authReqId)');
    const poll = await this.parts.auth.pollCiba(ctx, authReqId);
    if (poll.state === 'pending') return { kind: 'waiting' };
    if (poll.state === 'denied')
      return { kind: 'refused', progress: await this.refused(ctx, handle, initiation, 'access_denied', poll.reason) };
    return { kind: 'authorised', grant: poll.accessToken };
  }

  async status(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
  ): Promise<PaymentProgress> {
    const resource = resourceFor(initiation);
    if (handle.bankPaymentId !== undefined) {
      const token = await this.parts.auth.clientToken(ctx, 'payments');
      const body = await this.parts.api.get(
        ctx,
        `${resource.payments}/${encodeURIComponent(handle.bankPaymentId)}`,
        token,
        `obie.${resource.name}-payments.read`,
      );
      return this.progressOf(ctx, handle, resource, body);
    }
    if (handle.continuation?.['authReqId'] !== undefined) {
      const answer = await this.authoriseDecoupled(ctx, handle, initiation);
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
    const consent = await this.readConsent(ctx, resource, handle.bankConsentId);
    return { handle, outcome: consent.outcome, bankStatus: consent.status, next: NONE };
  }

  /** The user said no, or the bank sent an error back (see refusedProgress). */
  private async refused(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
    error: string,
    description: string | undefined,
  ): Promise<PaymentProgress> {
    const consent = await this.readConsent(ctx, resourceFor(initiation), handle.bankConsentId);
    return refusedProgress(handle, consent, error, description);
  }

  /** With the user's token: optional funds check, then the payment order. */
  async submit(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
    userToken: string,
  ): Promise<PaymentProgress> {
    const resource = resourceFor(initiation);
    const consentPath = `${resource.consents}/${encodeURIComponent(handle.bankConsentId)}`;
    if (initiation.confirmFunds === true && resource === DOMESTIC) {
      const funds = await this.parts.api.get(
        ctx,
        `${consentPath}/funds-confirmation`,
        userToken,
        'obie.domestic-payment-consents.funds-confirmation',
      );
      const result = objectAt(objectAt(funds, 'Data', 'Data'), 'FundsAvailableResult', 'Data.FundsAvailableResult');
      if (result['FundsAvailable'] !== true) {
        return {
          handle,
          outcome: 'REJECTED_INSUFFICIENT_FUNDS',
          bankStatus: 'Authorised',
          statusReason: 'The bank reports insufficient funds.',
          next: NONE,
        };
      }
    }
    const body = await this.parts.api.post(
      ctx,
      resource.payments,
      userToken,
      paymentOrderRequest(this.parts.bankId, handle.bankConsentId, initiation),
      `obie.${resource.name}-payments.create`,
      idempotencyKeyFor('payment-order', initiation.paymentId),
    );
    return this.progressOf(ctx, handle, resource, body);
  }

  private async progressOf(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    resource: Resource,
    body: JsonObject,
  ): Promise<PaymentProgress> {
    const data = objectAt(body, 'Data', 'Data');
    const bankPaymentId = textAt(data, resource.idField, `Data.${resource.idField}`);
    const mapped =
      resource === SCHEDULED ? mapScheduledPaymentStatus(data['Status']) : mapPaymentStatus(data['Status']);
    const reason =
      mapped.outcome === 'REJECTED'
        ? await rejectionReason(
            this.parts,
            ctx,
            `${resource.payments}/${encodeURIComponent(bankPaymentId)}/payment-details`,
          )
        : undefined;
    const statusReason = reasonText(reason);
    const debtor = partyFor(data['Debtor']);
    return {
      handle: { ...handle, bankPaymentId },
      outcome: mapped.outcome === 'REJECTED' ? rejectionOutcome(reason) : mapped.outcome,
      bankStatus: mapped.status,
      ...(statusReason === undefined ? {} : { statusReason }),
      next: NONE,
      ...(debtor === undefined ? {} : { debtor }),
    };
  }

  private async readConsent(
    ctx: BankCallContext,
    resource: Resource,
    consentId: string,
  ): Promise<{ status: string; outcome: BankOutcome }> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.get(
      ctx,
      `${resource.consents}/${encodeURIComponent(consentId)}`,
      token,
      `obie.${resource.name}-payment-consents.read`,
    );
    return mapPaymentConsentStatus(objectAt(body, 'Data', 'Data')['Status']);
  }
}
