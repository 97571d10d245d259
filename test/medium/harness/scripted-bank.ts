import {
  type AccountInformationCapability,
  BankDeadlineExceededError,
  BankRejectedError,
  BankUnavailableError,
  BankVrpRefusedError,
  type BankCallContext,
  type BankConnector,
  type BankOutcome,
  type InitiationProgress,
  type PaymentInitiationCapability,
  type ExplicitRedemption,
  type PaymentProgress,
  type RefundsCapability,
  type StandingOrderCapability,
  type StandingOrderSubmission,
  type VrpCapability,
  type VrpConsentProgress,
  type VrpProgress,
  type VrpRefusal,
} from '#libs/connectors';

/** Every bank call the scripted bank answers, by its connector method's name. */
export interface ScriptedCalls {
  readonly initiatePayment: PaymentInitiationCapability['initiatePayment'];
  readonly completeRedirect: PaymentInitiationCapability['completeRedirect'];
  readonly submitEmbeddedAuth: PaymentInitiationCapability['submitEmbeddedAuth'];
  readonly getPaymentStatus: PaymentInitiationCapability['getPaymentStatus'];
  readonly initiateRefund: RefundsCapability['initiateRefund'];
  readonly getRefundStatus: RefundsCapability['getRefundStatus'];
  readonly createVrpConsent: VrpCapability['createVrpConsent'];
  readonly completeVrpConsentRedirect: VrpCapability['completeVrpConsentRedirect'];
  readonly getVrpConsent: VrpCapability['getVrpConsent'];
  readonly revokeVrpConsent: VrpCapability['revokeVrpConsent'];
  readonly initiateVrp: VrpCapability['initiateVrp'];
  readonly getVrpStatus: VrpCapability['getVrpStatus'];
  readonly authoriseRedirect: ExplicitRedemption['authoriseRedirect'];
  readonly authoriseDecoupled: ExplicitRedemption['authoriseDecoupled'];
  readonly submitAuthorised: ExplicitRedemption['submitAuthorised'];
  readonly createStandingOrder: StandingOrderCapability['createStandingOrder'];
  readonly completeStandingOrderRedirect: StandingOrderCapability['completeStandingOrderRedirect'];
  readonly getStandingOrderStatus: StandingOrderCapability['getStandingOrderStatus'];
  readonly authoriseStandingOrderRedirect: StandingOrderSubmission['authoriseRedirect'];
  readonly authoriseStandingOrderDecoupled: StandingOrderSubmission['authoriseDecoupled'];
  readonly submitAuthorisedStandingOrder: StandingOrderSubmission['submitAuthorised'];
  readonly createAccountAccess: AccountInformationCapability['createAccountAccess'];
  readonly completeAccountAccessRedirect: AccountInformationCapability['completeAccountAccessRedirect'];
  readonly revokeAccountAccess: AccountInformationCapability['revokeAccountAccess'];
  readonly listAccounts: AccountInformationCapability['listAccounts'];
  readonly getBalances: AccountInformationCapability['getBalances'];
  readonly listTransactions: AccountInformationCapability['listTransactions'];
  readonly listStandingOrders: AccountInformationCapability['listStandingOrders'];
}

export type Operation = keyof ScriptedCalls;
type Answer<O extends Operation> = Awaited<ReturnType<ScriptedCalls[O]>>;
type Args<O extends Operation> = Parameters<ScriptedCalls[O]>;

/**
 * One scripted answer: the value the bank answers, a function of the call's arguments giving it,
 * or a failure (`bankFails`) thrown as the connector would throw it.
 */
export type Scripted<O extends Operation> =
  Answer<O> | ((...args: Args<O>) => Answer<O> | Promise<Answer<O>>) | ScriptedFailure;

/** A bank call that ends without an answer, or with a refusal, as the connectors report it. */
export class ScriptedFailure {
  constructor(readonly error: (bankId: string) => Error) {}
}

/** The failures a bank call may end in (bank-errors.ts): what each means for the caller is the use case's business. */
export const bankFails = {
  /** A 4xx: the bank refused the request (with the bank's own error code when given). */
  rejected: (reason = 'refused by the scripted bank', code = 400, bankErrorCode = 'SCRIPTED'): ScriptedFailure =>
    new ScriptedFailure((bankId) => new BankRejectedError(bankId, code, bankErrorCode, reason)),
  /** A VRP (or its funds check) refused for `refusal`. */
  vrpRefused: (refusal: VrpRefusal, reason = 'refused by the scripted bank'): ScriptedFailure =>
    new ScriptedFailure((bankId) => new BankVrpRefusedError(bankId, 400, 'SCRIPTED', reason, refusal)),
  /** A 5xx: the bank answered that it failed; a money-moving call's outcome is unknown. */
  unavailable: (status = 503): ScriptedFailure =>
    new ScriptedFailure((bankId) => new BankUnavailableError(bankId, status)),
  /** No answer before the deadline (or a lost connection): the outcome is unknown. */
  timeout: (): ScriptedFailure => new ScriptedFailure((bankId) => new BankDeadlineExceededError(bankId)),
};

/** A call the scripted bank received: its operation, context and arguments. */
export interface ReceivedCall<O extends Operation = Operation> {
  readonly operation: O;
  readonly ctx: BankCallContext;
  readonly args: Args<O> extends [BankCallContext, ...infer Rest] ? Rest : never;
}

/**
 * A BankConnector that answers from a script instead of a bank: each operation answers its queued
 * answers in order, the last one again once the queue is down to it (`answer`), and an operation
 * with nothing queued fails the test with the call it received. Every call is recorded (`calls`).
 * It offers payments (one-step: the bank executes as the user authorises; after `asTwoStep`,
 * two steps: the grant first, the order submitted with it), refunds, VRPs, standing orders
 * (one-step, or two-step after `asTwoStep`) and account information.
 */
export class ScriptedBank implements BankConnector {
  readonly protocol = 'scripted';
  private readonly queues = new Map<Operation, Scripted<Operation>[]>();
  private readonly received: ReceivedCall[] = [];

  private twoStep = false;

  /** What the bank offers: one-step payments and standing orders, or (after `asTwoStep`) two-step ones. */
  get capabilities(): BankConnector['capabilities'] {
    return this.twoStep ? { ...this.oneStepCapabilities, ...this.twoStepCapabilities() } : this.oneStepCapabilities;
  }

  /** Until `reset`, payments and standing orders are authorised and submitted in two steps (UK Open Banking). */
  asTwoStep(): this {
    this.twoStep = true;
    return this;
  }

  private readonly oneStepCapabilities: BankConnector['capabilities'] = {
    payments: {
      initiatePayment: (ctx, ...rest) => this.answer('initiatePayment', ctx, rest),
      completeRedirect: (ctx, ...rest) => this.answer('completeRedirect', ctx, rest),
      submitEmbeddedAuth: (ctx, ...rest) => this.answer('submitEmbeddedAuth', ctx, rest),
      getPaymentStatus: (ctx, ...rest) => this.answer('getPaymentStatus', ctx, rest),
    },
    standingOrders: {
      createStandingOrder: (ctx, ...rest) => this.answer('createStandingOrder', ctx, rest),
      completeStandingOrderRedirect: (ctx, ...rest) => this.answer('completeStandingOrderRedirect', ctx, rest),
      getStandingOrderStatus: (ctx, ...rest) => this.answer('getStandingOrderStatus', ctx, rest),
    },
    refunds: {
      initiateRefund: (ctx, ...rest) => this.answer('initiateRefund', ctx, rest),
      getRefundStatus: (ctx, ...rest) => this.answer('getRefundStatus', ctx, rest),
    },
    accounts: {
      createAccountAccess: (ctx, ...rest) => this.answer('createAccountAccess', ctx, rest),
      completeAccountAccessRedirect: (ctx, ...rest) => this.answer('completeAccountAccessRedirect', ctx, rest),
      revokeAccountAccess: (ctx, ...rest) => this.answer('revokeAccountAccess', ctx, rest),
      listAccounts: (ctx, ...rest) => this.answer('listAccounts', ctx, rest),
      getBalances: (ctx, ...rest) => this.answer('getBalances', ctx, rest),
      listTransactions: (ctx, ...rest) => this.answer('listTransactions', ctx, rest),
      listStandingOrders: (ctx, ...rest) => this.answer('listStandingOrders', ctx, rest),
    },
    vrp: {
      createVrpConsent: (ctx, ...rest) => this.answer('createVrpConsent', ctx, rest),
      completeVrpConsentRedirect: (ctx, ...rest) => this.answer('completeVrpConsentRedirect', ctx, rest),
      getVrpConsent: (ctx, ...rest) => this.answer('getVrpConsent', ctx, rest),
      revokeVrpConsent: (ctx, ...rest) => this.answer('revokeVrpConsent', ctx, rest),
      initiateVrp: (ctx, ...rest) => this.answer('initiateVrp', ctx, rest),
      getVrpStatus: (ctx, ...rest) => this.answer('getVrpStatus', ctx, rest),
    },
  };

  /** Payments and standing orders as a two-step protocol (UK Open Banking): the grant first, the order submitted with it. */
  private twoStepCapabilities(): BankConnector['capabilities'] {
    const { payments, standingOrders } = this.oneStepCapabilities;
    return {
      payments: {
        ...payments!,
        explicitRedemption: {
          authoriseRedirect: (ctx, ...rest) => this.answer('authoriseRedirect', ctx, rest),
          authoriseDecoupled: (ctx, ...rest) => this.answer('authoriseDecoupled', ctx, rest),
          submitAuthorised: (ctx, ...rest) => this.answer('submitAuthorised', ctx, rest),
        },
      },
      standingOrders: {
        ...standingOrders!,
        standingOrderSubmission: {
          authoriseRedirect: (ctx, ...rest) => this.answer('authoriseStandingOrderRedirect', ctx, rest),
          authoriseDecoupled: (ctx, ...rest) => this.answer('authoriseStandingOrderDecoupled', ctx, rest),
          submitAuthorised: (ctx, ...rest) => this.answer('submitAuthorisedStandingOrder', ctx, rest),
        },
      },
    };
  }

  /** Queues answers for `operation`, after those already queued. */
  script<O extends Operation>(operation: O, ...answers: Scripted<O>[]): this {
    const queue = this.queues.get(operation) ?? [];
    queue.push(...(answers as Scripted<Operation>[]));
    this.queues.set(operation, queue);
    return this;
  }

  /** The calls received so far, of one operation or all. */
  calls<O extends Operation>(operation?: O): ReceivedCall<O>[] {
    return this.received.filter((call) => operation === undefined || call.operation === operation) as ReceivedCall<O>[];
  }

  /** Forgets every queued answer and received call (between tests). */
  reset(): void {
    this.queues.clear();
    this.received.length = 0;
    this.twoStep = false;
    this.healthOf = { ais: 'UP', pis: 'UP' };
  }

  /** What the status probe finds until `reset`: both APIs up, or what `reportsHealth` set. */
  private healthOf: { readonly ais: 'UP' | 'DOWN'; readonly pis: 'UP' | 'DOWN' } | 'unreachable' = {
    ais: 'UP',
    pis: 'UP',
  };

  /** Until `reset`, the status probe finds these APIs up or down, or no bank at all (`unreachable`). */
  reportsHealth(health: { readonly ais: 'UP' | 'DOWN'; readonly pis: 'UP' | 'DOWN' } | 'unreachable'): this {
    this.healthOf = health;
    return this;
  }

  health(
    ctx: BankCallContext,
  ): Promise<{ ais: 'UP' | 'DOWN'; pis: 'UP' | 'DOWN'; checkedAt: string; latencyMs: number }> {
    const health = this.healthOf;
    if (health === 'unreachable') return Promise.reject(new BankUnavailableError(ctx.bankId, undefined));
    return Promise.resolve({ ...health, checkedAt: new Date().toISOString(), latencyMs: 0 });
  }

  private async answer<O extends Operation>(operation: O, ctx: BankCallContext, rest: unknown[]): Promise<Answer<O>> {
    this.received.push({ operation, ctx, args: rest } as unknown as ReceivedCall);
    const queue = this.queues.get(operation) ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next === undefined)
      throw new Error(`the scripted bank has no answer for ${operation} (${JSON.stringify(rest).slice(0, 300)})`);
    if (next instanceof ScriptedFailure) throw next.error(ctx.bankId);
    if (typeof next === 'function') {
      const answerOf = next as (...args: unknown[]) => Answer<O> | Promise<Answer<O>>;
      return answerOf(ctx, ...rest);
    }
    return next as Answer<O>;
  }
}

/** Answers as a bank gives them, for the script. */
export const bankSays = {
  /** A payment at `outcome`, under the bank's consent (and payment) id. */
  payment: (
    outcome: BankOutcome,
    options: { readonly consentId?: string; readonly paymentId?: string; readonly redirectUrl?: string } = {},
  ): PaymentProgress => ({
    handle: {
      bankConsentId: options.consentId ?? 'consent-1',
      ...(options.paymentId === undefined ? {} : { bankPaymentId: options.paymentId }),
    },
    outcome,
    bankStatus: `SCRIPTED_${outcome}`,
    next:
      outcome === 'AWAITING_AUTHORISATION'
        ? { kind: 'redirect', redirectUrl: options.redirectUrl ?? 'https://bank.example/authorise?consent=1' }
        : { kind: 'none' },
  }),
  /** A refund or payout at `outcome`, under the bank's id of it. */
  movement: (outcome: BankOutcome, bankPaymentId = 'bank-tx-1', statusReason?: string): InitiationProgress => ({
    bankPaymentId,
    outcome,
    bankStatus: `SCRIPTED_${outcome}`,
    ...(statusReason === undefined ? {} : { statusReason }),
  }),
  /** A VRP consent at `outcome` (a grant once authorised). */
  vrpConsent: (
    outcome: BankOutcome,
    options: { readonly consentId?: string; readonly grant?: string } = {},
  ): VrpConsentProgress => ({
    bankConsentId: options.consentId ?? 'vrp-consent-1',
    outcome,
    bankStatus: `SCRIPTED_${outcome}`,
    next:
      outcome === 'AWAITING_AUTHORISATION'
        ? { kind: 'redirect', redirectUrl: 'https://bank.example/vrp/authorise' }
        : { kind: 'none' },
    ...(options.grant === undefined ? {} : { grant: options.grant }),
  }),
  /** A VRP at `outcome`, under the bank's id of it. */
  vrp: (outcome: BankOutcome, bankVrpId = 'bank-vrp-1'): VrpProgress => ({
    bankVrpId,
    outcome,
    bankStatus: `SCRIPTED_${outcome}`,
  }),
};
