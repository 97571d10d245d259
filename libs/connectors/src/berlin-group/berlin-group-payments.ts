import { GatewayError } from '#libs/common';
import type {
  AuthorisationStep,
  BankPaymentHandle,
  PaymentInitiation,
  PaymentProgress,
  RedirectCallback,
} from '../capabilities/payment-initiation.js';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import { MalformedBankResponseError, textAt, type JsonObject } from '../http/bank-json.js';
import { BankRejectedError } from '../bank-errors.js';
import {
  XS2A_PATHS,
  describeBerlinGroupError,
  messagesOf,
  type BerlinGroupApi,
  type Xs2aPaymentService,
  type XsAnswer,
} from './berlin-group-api.js';
import {
  readContinuation,
  withoutStep,
  writeContinuation,
  type PaymentContinuation,
} from './berlin-group-continuation.js';
import {
  EMBEDDED_FIELD_IDS,
  credentialsBody,
  embeddedStep,
  isCredentialsInvalid,
  methodBody,
  nextEmbeddedStep,
  otpBody,
  pickedMethod,
  readAuthorisationAnswer,
  requiredValue,
  type AuthorisationAnswer,
} from './berlin-group-embedded.js';
import { authorisationIdOf, linkHref, offersAuthorisationStart } from './berlin-group-links.js';
import { paymentProductFor } from './berlin-group-products.js';
import { initiationHeaders, paymentInitiationBody } from './berlin-group-requests.mappers.js';
import type { BerlinGroupSettings } from './berlin-group-settings.js';
import {
  SCA_STATUS_PHASES,
  mapPeriodicPaymentStatus,
  mapScaStatus,
  mapTransactionStatus,
  paymentOutcome,
  rejectionOutcome,
  type ScaPhase,
} from './berlin-group.mappers.js';

export interface BerlinGroupParts {
  readonly bankId: string;
  readonly settings: BerlinGroupSettings;
  readonly api: BerlinGroupApi;
}

/** A payment initiation service and how its transactionStatus reads. */
export interface Xs2aPaymentKind {
  readonly service: Xs2aPaymentService;
  readonly transactionStatus: (status: unknown) => { readonly status: string; readonly outcome: BankOutcome };
}

export const SINGLE_PAYMENTS: Xs2aPaymentKind = { service: 'payments', transactionStatus: mapTransactionStatus };
export const PERIODIC_PAYMENTS: Xs2aPaymentKind = {
  service: 'periodic-payments',
  transactionStatus: mapPeriodicPaymentStatus,
};

/** What a payment resource is created from: its product, its body, and the user's way to the bank and back. */
export interface Xs2aInitiationRequest {
  readonly product: string;
  readonly body: JsonObject;
  readonly redirectUri: string;
  readonly state: string;
  readonly psuId?: string;
}

const NONE = { kind: 'none' } as const;
/** Transaction outcomes that may be the user's refusal rather than the bank's. */
const REFUSALS: ReadonlySet<BankOutcome> = new Set(['REJECTED', 'FAILED']);
const DECLINED_REASON = 'The user did not authorise the payment at the bank.';

function reasonOf(messages: readonly string[]): string | undefined {
  const text = messages.join(' ').trim();
  return text === '' ? undefined : text.slice(0, 256);
}

function handleOf(paymentId: string, state: PaymentContinuation): BankPaymentHandle {
  return { bankConsentId: paymentId, bankPaymentId: paymentId, continuation: writeContinuation(state) };
}

/**
 * Single payments (immediate or future-dated) of any product: initiation, the authorisation
 * sub-resource in the bank's SCA approach, and the transaction status.
 */
export class BerlinGroupPayments {
  constructor(
    private readonly parts: BerlinGroupParts,
    private readonly kind: Xs2aPaymentKind = SINGLE_PAYMENTS,
  ) {}

  async initiate(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress> {
    const product = paymentProductFor(this.parts.bankId, this.parts.settings.productMap, initiation.localInstrument);
    return this.start(ctx, {
      product,
      body: paymentInitiationBody(initiation),
      redirectUri: initiation.redirectUri,
      state: initiation.state,
      ...(initiation.psuId === undefined ? {} : { psuId: initiation.psuId }),
    });
  }

  /** Creates the payment resource (`body` at `/{service}/{product}`) and starts its authorisation. */
  async start(ctx: BankCallContext, request: Xs2aInitiationRequest): Promise<PaymentProgress> {
    const { settings } = this.parts;
    const { product } = request;
    const { service } = this.kind;
    const approach = settings.scaApproach;
    const psuId = request.psuId === undefined || request.psuId.trim() === '' ? undefined : request.psuId.trim();
    if (approach === 'decoupled' && psuId === undefined) {
      throw GatewayError.invalidField(
        'psuId',
        'This bank authorises in its own app (decoupled): the user at the bank (psuId) is required.',
        'Field.Expected',
      );
    }
    const headers = initiationHeaders(settings, request.redirectUri, request.state, psuId);
    const created = await this.parts.api.call(ctx, {
      method: 'POST',
      path: XS2A_PATHS.payment(product, service),
      operation: `xs2a.${service}.${product}.create`,
      body: request.body,
      headers,
      psuInvolved: true,
    });
    const paymentId = textAt(created.body, 'paymentId', 'paymentId');
    const transaction = this.kind.transactionStatus(created.body['transactionStatus']);
    const state: PaymentContinuation = {
      product,
      approach,
      transactionStatus: transaction.status,
      ...(psuId === undefined ? {} : { psuId }),
    };
    const scaAhead =
      linkHref(created.body, 'scaRedirect') !== undefined ||
      offersAuthorisationStart(created.body) ||
      authorisationIdOf(created.body) !== undefined;
    if (transaction.outcome !== 'AWAITING_AUTHORISATION' && !(transaction.outcome === 'PENDING' && scaAhead)) {
      // Refused at once, or accepted without SCA (an exemption): nothing for the user to do.
      return this.progress(handleOf(paymentId, state), transaction.outcome, transaction.status, created.body, NONE);
    }
    const started = (answered: (body: JsonObject) => boolean) =>
      this.authorisationAnswer(ctx, state, paymentId, created, headers, answered);
    switch (approach) {
      case 'redirect':
        return this.startRedirect(
          paymentId,
          state,
          await started((body) => linkHref(body, 'scaRedirect') !== undefined),
        );
      case 'decoupled':
        return this.startDecoupled(paymentId, state, await started((body) => authorisationIdOf(body) !== undefined));
      case 'embedded':
        return this.startEmbedded(paymentId, state, created);
    }
  }

  async completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress> {
    return this.completeReturn(ctx, callback.handle, callback.params, callback.initiation.state);
  }

  /** The user is back (`params` from the TPP redirect URIs, `state` the one the payment was started with). */
  async completeReturn(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    params: Readonly<Record<string, string>>,
    state: string,
  ): Promise<PaymentProgress> {
    if (params['state'] !== undefined && params['state'] !== state) {
      throw new GatewayError('InvalidArgument', {
        message: 'The state the bank sent back does not belong to this payment.',
      });
    }
    const progress = await this.status(ctx, handle);
    // Back through TPP-Nok-Redirect-URI: the authorisation did not succeed, whatever the bank
    // reports meanwhile (still RCVD, or RJCT when it read no scaStatus of its own).
    if (
      params['error'] !== undefined &&
      (progress.outcome === 'AWAITING_AUTHORISATION' || progress.outcome === 'REJECTED')
    ) {
      return {
        ...progress,
        outcome: 'DECLINED',
        statusReason: (params['error_description'] ?? DECLINED_REASON).slice(0, 256),
        next: NONE,
      };
    }
    return progress;
  }

  async submitEmbedded(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    values: Readonly<Record<string, string>>,
  ): Promise<PaymentProgress> {
    const state = readContinuation(handle);
    if (state.approach !== 'embedded' || state.step === undefined) {
      throw new GatewayError('InvalidArgument', {
        message: 'This payment is not waiting for embedded authentication.',
      });
    }
    const paymentId = handle.bankConsentId;
    let psuId = state.psuId;
    let answer: XsAnswer;
    switch (state.step) {
      case 'credentials': {
        psuId = state.psuId ?? requiredValue(values, EMBEDDED_FIELD_IDS.psuId, 'The online banking user ID');
        const password = requiredValue(values, EMBEDDED_FIELD_IDS.password, 'The password');
        answer = await this.updateAuthorisation(
          ctx,
          state,
          paymentId,
          credentialsBody(password),
          { 'PSU-ID': psuId },
          'psu-authentication',
        );
        break;
      }
      case 'method':
        answer = await this.updateAuthorisation(
          ctx,
          state,
          paymentId,
          methodBody(pickedMethod(values, state.embeddedStep)),
          {},
          'select-method',
        );
        break;
      case 'otp':
        answer = await this.updateAuthorisation(
          ctx,
          state,
          paymentId,
          otpBody(requiredValue(values, EMBEDDED_FIELD_IDS.otp, 'The one-time code')),
          {},
          'authorise-transaction',
        );
        break;
    }
    const known: PaymentContinuation = { ...state, ...(psuId === undefined ? {} : { psuId }) };
    const bankStatus = state.transactionStatus ?? 'RCVD';
    if (answer.status === 401) {
      if (!isCredentialsInvalid(answer.status, answer.body)) {
        const detail = describeBerlinGroupError(answer.body);
        throw new BankRejectedError(this.parts.bankId, 401, detail?.code, detail?.message ?? 'HTTP 401');
      }
      // The bank's way of saying the value was wrong: the same step again.
      // The bank kept nothing of the refused values, so neither does the handle (not even the PSU-ID).
      const previous =
        state.embeddedStep ??
        embeddedStep(state.step, undefined, { psuIdKnown: state.psuId !== undefined, isRetry: true });
      const retry = {
        ...previous,
        isRetry: true,
        description: reasonOf(messagesOf(answer.body)) ?? previous.description ?? '',
      };
      return this.awaiting(handleOf(paymentId, { ...state, embeddedStep: retry }), bankStatus, {
        kind: 'embedded',
        step: retry,
      });
    }
    const sca = readAuthorisationAnswer(answer.body);
    const authorisationId = authorisationIdOf(answer.body) ?? state.authorisationId;
    const updated: PaymentContinuation = {
      ...known,
      ...(authorisationId === undefined ? {} : { authorisationId }),
      ...(sca.scaStatus === undefined ? {} : { scaStatus: sca.scaStatus }),
    };
    const next = nextEmbeddedStep(sca);
    if (next === 'done' || next === 'failed') return this.status(ctx, handleOf(paymentId, withoutStep(updated)));
    const step = embeddedStep(next, this.withMethods(sca, state), {
      psuIdKnown: updated.psuId !== undefined,
      isRetry: next === state.step,
    });
    return this.awaiting(handleOf(paymentId, { ...updated, step: next, embeddedStep: step }), bankStatus, {
      kind: 'embedded',
      step,
    });
  }

  /**
   * The payment's status. While its authorisation may still be under way, the authorisation is
   * read first: a decoupled or redirect refusal then reads as DECLINED even though the bank has
   * meanwhile marked the payment RJCT.
   */
  async status(ctx: BankCallContext, handle: BankPaymentHandle): Promise<PaymentProgress> {
    let state = readContinuation(handle);
    const paymentId = handle.bankConsentId;
    let phase: ScaPhase | undefined = state.scaStatus === undefined ? undefined : SCA_STATUS_PHASES[state.scaStatus];
    const { authorisationId } = state;
    const underWay = authorisationId !== undefined && phase !== 'done' && phase !== 'failed';
    if (underWay) ({ state, phase } = await this.readAuthorisation(ctx, paymentId, authorisationId, state));
    const read = await this.parts.api.get(
      ctx,
      XS2A_PATHS.paymentStatus(state.product, paymentId, this.kind.service),
      `xs2a.${this.kind.service}.${state.product}.status`,
    );
    const transaction = this.kind.transactionStatus(read.body['transactionStatus']);
    // The bank may decide between the two reads: a refusal seen while the authorisation read
    // just before was still under way is the user's own refusal if the authorisation now says so.
    if (underWay && phase !== 'done' && phase !== 'failed' && REFUSALS.has(transaction.outcome))
      ({ state, phase } = await this.readAuthorisation(ctx, paymentId, authorisationId, state));
    const outcome = paymentOutcome(transaction.outcome, phase, state.approach);
    const finished = phase === 'done' || phase === 'failed';
    state = { ...state, transactionStatus: transaction.status };
    const current = handleOf(paymentId, finished ? withoutStep(state) : state);
    if (outcome === 'AWAITING_AUTHORISATION')
      return this.awaiting(current, transaction.status, this.stillAwaiting(state));
    return this.progress(current, outcome, transaction.status, read.body, NONE);
  }

  private async readAuthorisation(
    ctx: BankCallContext,
    paymentId: string,
    authorisationId: string,
    state: PaymentContinuation,
  ): Promise<{ state: PaymentContinuation; phase: ScaPhase }> {
    const read = await this.parts.api.get(
      ctx,
      XS2A_PATHS.paymentAuthorisation(state.product, paymentId, authorisationId, this.kind.service),
      `xs2a.${this.kind.service}.${state.product}.authorisation.read`,
    );
    const sca = mapScaStatus(read.body['scaStatus']);
    return { state: { ...state, scaStatus: sca.status }, phase: sca.phase };
  }

  private progress(
    handle: BankPaymentHandle,
    outcome: BankOutcome,
    bankStatus: string,
    body: JsonObject,
    next: AuthorisationStep,
  ): PaymentProgress {
    const messages = messagesOf(body);
    const refined = outcome === 'REJECTED' ? rejectionOutcome(body['fundsAvailable'], messages) : outcome;
    const statusReason = reasonOf(messages) ?? (outcome === 'DECLINED' ? DECLINED_REASON : undefined);
    return { handle, outcome: refined, bankStatus, ...(statusReason === undefined ? {} : { statusReason }), next };
  }

  private awaiting(handle: BankPaymentHandle, bankStatus: string, next: AuthorisationStep): PaymentProgress {
    return { handle, outcome: 'AWAITING_AUTHORISATION', bankStatus, next };
  }

  /** What the user is still asked to do, from what the connector showed last. */
  private stillAwaiting(state: PaymentContinuation): AuthorisationStep {
    switch (state.approach) {
      case 'redirect':
        return state.scaRedirect === undefined ? NONE : { kind: 'redirect', redirectUrl: state.scaRedirect };
      case 'decoupled':
        return { kind: 'decoupled' };
      case 'embedded': {
        const step =
          state.embeddedStep ??
          embeddedStep('credentials', undefined, { psuIdKnown: state.psuId !== undefined, isRetry: false });
        return { kind: 'embedded', step: { ...step, isRetry: false } };
      }
    }
  }

  /**
   * The answer that carries what the approach needs (`answered`): the creation's, or, when it
   * lacks it and offers the start, that of the authorisation sub-resource started for it.
   */
  private async authorisationAnswer(
    ctx: BankCallContext,
    state: PaymentContinuation,
    paymentId: string,
    created: XsAnswer,
    headers: Readonly<Record<string, string>>,
    answered: (body: JsonObject) => boolean,
  ): Promise<XsAnswer> {
    if (answered(created.body) || !offersAuthorisationStart(created.body)) return created;
    return this.parts.api.call(ctx, {
      method: 'POST',
      path: XS2A_PATHS.paymentAuthorisations(state.product, paymentId, this.kind.service),
      operation: `xs2a.${this.kind.service}.${state.product}.authorisations.start`,
      headers,
      psuInvolved: true,
    });
  }

  private startRedirect(paymentId: string, state: PaymentContinuation, answer: XsAnswer): PaymentProgress {
    const redirectUrl = linkHref(answer.body, 'scaRedirect');
    if (redirectUrl === undefined) throw new MalformedBankResponseError('_links.scaRedirect');
    const authorisationId = authorisationIdOf(answer.body);
    const next: PaymentContinuation = {
      ...state,
      scaRedirect: redirectUrl,
      ...(authorisationId === undefined ? {} : { authorisationId }),
    };
    return this.awaiting(handleOf(paymentId, next), state.transactionStatus ?? 'RCVD', {
      kind: 'redirect',
      redirectUrl,
    });
  }

  private startDecoupled(paymentId: string, state: PaymentContinuation, answer: XsAnswer): PaymentProgress {
    const authorisationId = authorisationIdOf(answer.body);
    if (authorisationId === undefined)
      throw new MalformedBankResponseError('_links.scaStatus (the decoupled authorisation)');
    const sca = answer.body['scaStatus'] === undefined ? undefined : mapScaStatus(answer.body['scaStatus']);
    const next: PaymentContinuation = {
      ...state,
      authorisationId,
      ...(sca === undefined ? {} : { scaStatus: sca.status }),
    };
    return this.awaiting(handleOf(paymentId, next), state.transactionStatus ?? 'RCVD', { kind: 'decoupled' });
  }

  private startEmbedded(paymentId: string, state: PaymentContinuation, created: XsAnswer): PaymentProgress {
    const authorisationId = authorisationIdOf(created.body);
    const sca = readAuthorisationAnswer(created.body);
    const kind = authorisationId === undefined ? 'credentials' : nextEmbeddedStep(sca);
    if (kind === 'done' || kind === 'failed')
      throw new MalformedBankResponseError('scaStatus (an authorisation over before it started)');
    const step = embeddedStep(kind, sca, { psuIdKnown: state.psuId !== undefined, isRetry: false });
    const next: PaymentContinuation = {
      ...state,
      ...(authorisationId === undefined ? {} : { authorisationId }),
      step: kind,
      embeddedStep: step,
    };
    return this.awaiting(handleOf(paymentId, next), state.transactionStatus ?? 'RCVD', { kind: 'embedded', step });
  }

  /** PUT on the authorisation, or its start (POST) when the bank has none yet. */
  private async updateAuthorisation(
    ctx: BankCallContext,
    state: PaymentContinuation,
    paymentId: string,
    body: JsonObject,
    headers: Readonly<Record<string, string>>,
    what: string,
  ): Promise<XsAnswer> {
    const { product } = state;
    const started = state.authorisationId !== undefined;
    return this.parts.api.call(ctx, {
      method: started ? 'PUT' : 'POST',
      path: started
        ? XS2A_PATHS.paymentAuthorisation(product, paymentId, state.authorisationId ?? '', this.kind.service)
        : XS2A_PATHS.paymentAuthorisations(product, paymentId, this.kind.service),
      operation: `xs2a.${this.kind.service}.${product}.authorisation.${what}`,
      body,
      headers,
      psuInvolved: true,
      acceptStatuses: [401],
    });
  }

  /** A retried method choice keeps the methods offered before when the bank does not repeat them. */
  private withMethods(answer: AuthorisationAnswer, state: PaymentContinuation): AuthorisationAnswer {
    if (answer.scaMethods.length > 0 || state.step !== 'method') return answer;
    const options =
      state.embeddedStep?.fields.find((field) => field.id === EMBEDDED_FIELD_IDS.scaMethod)?.options ?? [];
    return { ...answer, scaMethods: options.map((option) => ({ id: option.id, label: option.label, type: 'OTHER' })) };
  }
}
