import type { Logger } from 'pino';
import { JOB_QUEUE, type Clock } from '#libs/common';
import type {
  BankCallContext,
  BankConnectors,
  ExplicitRedemption,
  PaymentInitiation,
  PartyAccount,
  PaymentInitiationCapability,
  PaymentProgress,
} from '#libs/connectors';
import { FINAL_BANK_OUTCOMES } from '#libs/connectors';
import {
  BankRepository,
  OutcomeCheckRepository,
  PaymentRepository,
  ScheduledJobRepository,
  Transactions,
  type Bank,
  type OutcomeRef,
  type Payment,
  type PaymentChange,
  type Prisma,
  type PrismaService,
  type Tx,
} from '#libs/db';
import {
  paymentTimerAction,
  pollDelaySeconds,
  type PaymentInitiationInput,
  type PaymentLocalInstrument,
  type PaymentStatus,
} from '#libs/domain';
import type { DebtorAccountResolution } from '../tokenized-accounts/debtor-account-resolution.js';
import { bankHandleOf, bankInitiationOf, type BankInitiationContext, type PaymentForBank } from './bank-initiation.js';
import { failureChange } from './bank-failure.js';
import { LOST_INITIATION_GRACE_MS, type PaymentRules } from './payment-rules.js';
import { changeFromProgress } from './progress-change.js';
import {
  recordKnownPaymentChange,
  paymentTimerId,
  recordPaymentChange,
  schedulePaymentTimer,
  type ChangeResult,
} from './record-payment-change.js';
import { bankCallContext, pollScheduleOf } from '../bank-calls/bank-call-context.js';
import { BANK_CALLBACK_PATH } from '../browser-paths/browser-paths.js';
import type { PaymentMoveHooks } from './payment-extensions.js';

export interface PaymentProgressionDeps {
  readonly prisma: PrismaService;
  readonly clock: Clock;
  readonly connectors: BankConnectors;
  readonly rules: PaymentRules;
  readonly logger: Logger;
  /** The gateway's public base URL; the bank sends the user back to `{base}/bank-callback`. */
  readonly publicBaseUrl: string;
  /** Resolves an Account on File debtor for the bank calls on a stored payment. */
  readonly debtorAccounts?: DebtorAccountResolution;
  /** The bank calls of variable recurring payments (payments under a VRP consent). */
  readonly vrpBank?: VrpBankCalls;
  /** What the domains built on payments add to a move (the process's PaymentExtensions). */
  readonly extensions: PaymentMoveHooks;
}

/**
 * How the bank is asked about a variable recurring payment: under its consent's grant, without
 * the user. `initiate` is idempotent per payment (the payment id is the bank's idempotency key),
 * so it also serves to ask again about an initiation whose answer was lost.
 */
export interface VrpBankCalls {
  initiate(payment: Payment, traceId?: string): Promise<PaymentProgress>;
  status(payment: Payment): Promise<PaymentProgress>;
}

/**
 * A bank the user chose for a payment created without one (hosted pages), with the initiation as
 * checked against that bank: `bankId` set and AUTO_SELECT resolved to the rail it will use.
 */
export interface BankChoice {
  readonly bank: Bank;
  readonly initiation: PaymentInitiationInput & {
    readonly bankId: string;
    readonly localInstrument: PaymentLocalInstrument;
  };
}

/** The choice on the row (bank, rail) and in the stored initiation. */
function bankChoiceChange(
  choice: BankChoice,
): Required<Pick<PaymentChange, 'bankId' | 'localInstrument' | 'initiation'>> {
  return {
    bankId: choice.bank.id,
    localInstrument: choice.initiation.localInstrument,
    initiation: JSON.parse(JSON.stringify(choice.initiation)) as Prisma.InputJsonValue,
  };
}

/**
 * Where a decoupled approval's payment order is submitted at a bank that submits in a second
 * step (PaymentOrderSubmission plugs in here, so the order is checked and asked again as a
 * redirect return's is).
 */
export interface DecoupledOrders {
  submitApproved(payment: Payment, bank: Bank, redemption: ExplicitRedemption, grant: string): Promise<void>;
}

/** What a change records with it, in its transaction. */
export interface PaymentChangeOptions {
  /**
   * The outcome check the change answers: it ends in the change's transaction, whether the
   * machine moved or refused (recordChange's `answered`); a row gone or moved twice leaves it to
   * its timer.
   */
  readonly answered?: OutcomeRef;
  /** Runs in the change's transaction once the payment changed (a return's claim opening its check). */
  readonly alsoInTransaction?: (tx: Tx, changed: Payment) => Promise<void>;
}

/**
 * Moves payments on from what banks say: the answer to an initiation, a redirect callback, an
 * embedded step, a status poll, or a failure. Used by the API (synchronous steps and the
 * asynchronous end of an initiation) and by the worker (timers). Each move is one transaction
 * with its event: a locked read and recordPaymentChange, or, for the answer to an initiation
 * whose row the request has just stored, one statement (recordKnownPaymentChange).
 */
export class PaymentProgression {
  private readonly banks: BankRepository;
  private readonly transactions: Transactions;
  private readonly checks: OutcomeCheckRepository;
  private decoupledOrders: DecoupledOrders | undefined;
  readonly payments: PaymentRepository;

  constructor(private readonly deps: PaymentProgressionDeps) {
    this.checks = new OutcomeCheckRepository(deps.prisma);
    this.banks = new BankRepository(deps.prisma);
    this.transactions = new Transactions(deps.prisma);
    this.payments = new PaymentRepository(deps.prisma);
  }

  /** Plugs in the submission of decoupled approvals' orders. */
  useDecoupledOrders(orders: DecoupledOrders): void {
    this.decoupledOrders = orders;
  }

  /** How long one bank call may take. */
  get bankDeadlineMs(): number {
    return this.deps.rules.bankDeadlineMs;
  }

  get redirectUri(): string {
    return `${this.deps.publicBaseUrl}${BANK_CALLBACK_PATH}`;
  }

  /** What the domains built on payments add to a move, for writes of a payment made elsewhere (VRPs). */
  get moveHooks(): PaymentMoveHooks {
    return this.deps.extensions;
  }

  async bankOf(payment: Payment): Promise<Bank> {
    if (payment.bankId === null) throw new Error(`payment ${payment.id} has no bank yet`);
    const bank = await this.banks.find(payment.bankId);
    if (bank === null) throw new Error(`payment ${payment.id} names unknown bank ${payment.bankId}`);
    return bank;
  }

  /**
   * The bank's view of a stored payment, its Account on File debtor resolved to the member's
   * stored details (the payment keeps the reference only).
   */
  async bankInitiationFor(
    payment: PaymentForBank & Pick<Payment, 'memberId'>,
    context: BankInitiationContext,
  ): Promise<PaymentInitiation> {
    const input = payment.initiation as PaymentInitiationInput;
    if (input.debtor?.tokenizedAccountId === undefined || this.deps.debtorAccounts === undefined)
      return bankInitiationOf(payment, context);
    const resolvedDebtor = await this.deps.debtorAccounts.storedDebtorOf(payment.memberId, input);
    return bankInitiationOf(payment, resolvedDebtor === undefined ? context : { ...context, resolvedDebtor });
  }

  connectorFor(bank: Bank): PaymentInitiationCapability {
    return this.deps.connectors.capability(bank, 'payments');
  }

  callContext(bankId: string, traceId?: string, psuIpAddress?: string): BankCallContext {
    return bankCallContext(bankId, this.deps.rules.bankDeadlineMs, traceId, psuIpAddress);
  }

  scheduleOf(bank: Bank | null): readonly number[] {
    return pollScheduleOf(bank, this.deps.rules.defaultScheduleSeconds);
  }

  /**
   * Applies a change computed from the locked, current row; retried once if the row moved meanwhile.
   * A change naming a new Account on File stores it in the same transaction, from `returnedDebtor`
   * (the debtor account the bank returned). `options` says what the change records with it.
   */
  async change(
    paymentId: string,
    compute: (current: Payment, now: Date) => PaymentChange | null,
    bank: Bank | null = null,
    returnedDebtor?: PartyAccount,
    options: PaymentChangeOptions = {},
  ): Promise<ChangeResult> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const result = await this.transactions.run(async (tx) => {
        const current = await this.payments.in(tx).lock(paymentId);
        if (current === null) return { kind: 'stale' } as const;
        const now = this.deps.clock.now();
        const computed = compute(current, now);
        if (computed === null) return { kind: 'refused', payment: current } as const;
        const accounts = this.deps.debtorAccounts;
        const keeps =
          computed.tokenizedAccountId !== undefined && returnedDebtor !== undefined && accounts !== undefined;
        const change = keeps ? computed : { ...computed, tokenizedAccountId: undefined };
        const recorded = await recordPaymentChange(
          this.payments,
          tx,
          current,
          change,
          now,
          this.deps.rules,
          this.scheduleOf(bank),
          this.deps.extensions,
          options.answered,
        );
        if (keeps && recorded.kind === 'changed')
          await accounts.keepReturnedDebtor(tx, current, computed.tokenizedAccountId, returnedDebtor);
        if (options.alsoInTransaction !== undefined && recorded.kind === 'changed')
          await options.alsoInTransaction(tx, recorded.payment);
        return recorded;
      });
      if (
        result.kind === 'changed' &&
        result.statusChanged &&
        this.deps.extensions.opensSettlementWindow(result.payment)
      )
        return this.startSettlement(result);
      if (result.kind !== 'stale') return result;
    }
    return { kind: 'stale' };
  }

  /**
   * A payment to a settlement account the bank has completed moves on to SETTLEMENT_IN_PROGRESS,
   * its own transaction with its event (its window timer was set with INITIATION_COMPLETED, so a
   * process that stops in between leaves the window to end it). Answers the move, or the
   * completion when the payment has moved on meanwhile (a credit settled it first).
   */
  private async startSettlement(completed: Extract<ChangeResult, { kind: 'changed' }>): Promise<ChangeResult> {
    const started = await this.change(completed.payment.id, (current, now) =>
      current.status === 'INITIATION_COMPLETED' ? { status: 'SETTLEMENT_IN_PROGRESS', updatedAt: now } : null,
    );
    return started.kind === 'changed' ? started : completed;
  }

  /**
   * Applies a change to `stored`, the row as the caller has just written it, in one statement
   * (no lock held across round trips, so a burst of answers does not queue for the pool's
   * connections). When the row has moved on meanwhile, or another transaction holds it, the
   * change is computed again from the row as it then stands, locked (`change`).
   */
  async changeKnown(
    stored: Payment,
    compute: (current: Payment, now: Date) => PaymentChange | null,
    bank: Bank | null = null,
    returnedDebtor?: PartyAccount,
  ): Promise<ChangeResult> {
    // A VRP's change writes a second event, and a new Account on File is stored with its change:
    // both go through the locked path.
    // A payment to a settlement account may open its settlement window: the locked path too.
    // A payment made through a payment link may give its use back to the link: the locked path too.
    // A VRP's initiation check (opened as it was stored) ends in the transaction of its answer.
    if (stored.vrpConsentId !== null)
      return this.change(stored.id, compute, bank, returnedDebtor, {
        answered: { kind: 'payment', resourceId: stored.id },
      });
    if (stored.virtualAccountId !== null || stored.paymentLinkId !== null)
      return this.change(stored.id, compute, bank, returnedDebtor);
    const now = this.deps.clock.now();
    const change = compute(stored, now);
    if (change === null) return { kind: 'refused', payment: stored };
    if (change.tokenizedAccountId !== undefined) return this.change(stored.id, compute, bank, returnedDebtor);
    const result = await recordKnownPaymentChange(
      this.deps.prisma,
      this.payments,
      stored,
      change,
      now,
      this.deps.rules,
      this.scheduleOf(bank),
      this.deps.extensions,
    );
    return result.kind === 'stale' ? this.change(stored.id, compute, bank, returnedDebtor) : result;
  }

  /** The bank's answer applied; with `answered`, that outcome check ends in the change's transaction. */
  applyProgress(
    paymentId: string,
    progress: PaymentProgress,
    bank: Bank | null,
    answered?: OutcomeRef,
  ): Promise<ChangeResult> {
    return this.change(
      paymentId,
      (current, now) => changeFromProgress(current, progress, now, this.deps.rules),
      bank,
      progress.debtor,
      answered === undefined ? {} : { answered },
    );
  }

  /** The bank's failure applied; with `answered`, that outcome check ends in the change's transaction. */
  applyFailure(paymentId: string, error: unknown, traceId?: string, answered?: OutcomeRef): Promise<ChangeResult> {
    return this.change(
      paymentId,
      (_current, now) => failureChange(error, now, traceId),
      null,
      undefined,
      answered === undefined ? {} : { answered },
    );
  }

  /** The bank's answer to the initiation of `stored`, the row the request stored before asking (see changeKnown). */
  answerInitiation(stored: Payment, progress: PaymentProgress, bank: Bank): Promise<ChangeResult> {
    return this.changeKnown(
      stored,
      (current, now) => changeFromProgress(current, progress, now, this.deps.rules),
      bank,
      progress.debtor,
    );
  }

  /** The bank's failure of the initiation of `stored`: the payment ends (see changeKnown). */
  failInitiation(stored: Payment, error: unknown, traceId?: string): Promise<ChangeResult> {
    return this.changeKnown(stored, (_current, now) => failureChange(error, now, traceId));
  }

  /**
   * The user picked a bank on the hosted pages and the bank answered the initiation: one move out
   * of INITIATION_PENDING_REDIRECT_HP that records the bank and the rail (on the row and in the
   * stored initiation) together with the bank's answer. Refused once the payment has left bank
   * selection (another choice won, or it expired meanwhile).
   */
  chooseBank(paymentId: string, choice: BankChoice, progress: PaymentProgress): Promise<ChangeResult> {
    return this.change(
      paymentId,
      (current, now) => {
        if (current.status !== 'INITIATION_PENDING_REDIRECT_HP') return null;
        const chosen = bankChoiceChange(choice);
        return {
          ...changeFromProgress({ ...current, initiation: chosen.initiation }, progress, now, this.deps.rules),
          ...chosen,
        };
      },
      choice.bank,
      progress.debtor,
    );
  }

  /** The bank chosen on the hosted pages failed the initiation: the payment ends, naming that bank and rail. */
  failBankChoice(paymentId: string, choice: BankChoice, error: unknown, traceId?: string): Promise<ChangeResult> {
    return this.change(
      paymentId,
      (current, now) =>
        current.status === 'INITIATION_PENDING_REDIRECT_HP'
          ? { ...failureChange(error, now, traceId), ...bankChoiceChange(choice) }
          : null,
      choice.bank,
    );
  }

  /**
   * A fired timer: applies the expiry, 30-day and lost-initiation rules, or asks the bank and
   * applies its answer. A bank that cannot be asked now is asked again later (the payment keeps
   * its status); the timer is always set again before the bank is called, so a crash mid-poll
   * leaves the payment with a timer.
   */
  async poll(paymentId: string): Promise<ChangeResult | undefined> {
    const payment = await this.payments.findById(paymentId);
    if (payment === null) return undefined;
    const now = this.deps.clock.now();
    const status = payment.status;
    const atBank = payment.bankConsentId !== null || payment.bankPaymentId !== null;
    // A money-moving call whose answer is unknown: its check asks the bank, and nothing ends the
    // payment meanwhile (not the polling period either).
    if (await this.checks.find({ kind: 'payment', resourceId: paymentId })) return this.waitOn(payment, now);
    const action = paymentTimerAction({
      status,
      now,
      expiresAt: payment.expiresAt,
      pollUntil: payment.pollUntil,
      atBank,
    });
    switch (action.kind) {
      case 'give-up':
        return this.end(
          paymentId,
          'INITIATION_NO_FINAL_STATUS_AVAILABLE',
          'The bank gave no final status within the polling period.',
        );
      case 'expire':
        return this.expire(payment, now);
      case 'initiation-lost':
        // A VRP needs no user: asking again (idempotently) finds the payment the bank may have made.
        if (payment.vrpConsentId !== null && this.deps.vrpBank !== undefined)
          return this.askAgainForVrp(payment, this.deps.vrpBank, now);
        return this.end(paymentId, 'INITIATION_FAILED', 'The bank did not answer the initiation.');
      case 'wait':
        return this.waitOn(payment, now);
      case 'poll':
        return this.pollBank(payment, now);
    }
  }

  private async waitOn(payment: Payment, now: Date): Promise<undefined> {
    await this.transactions.run((tx) => schedulePaymentTimer(tx, payment, now, this.deps.rules.defaultScheduleSeconds));
    return undefined;
  }

  /**
   * A user who did not finish in time: the bank is asked first, and followed where the money
   * moved or is moving (a Berlin Group payment the user approved and never came back from, any
   * final answer); otherwise the payment expires. A bank that cannot be asked now is asked again
   * at the next poll rather than the payment expired without it.
   */
  private async expire(payment: Payment, now: Date): Promise<ChangeResult | undefined> {
    const atBank = payment.bankConsentId !== null || payment.bankPaymentId !== null;
    if (atBank && payment.bankId !== null) {
      const bank = await this.bankOf(payment);
      let progress: PaymentProgress;
      try {
        progress = await this.askBank(payment, bank);
      } catch (error) {
        this.deps.logger.warn(
          { paymentId: payment.id, bankId: bank.id, err: error },
          'bank status before expiry could not be read; asking again later',
        );
        return this.pollLater(payment, now, bank);
      }
      if (this.bankHasMoved(progress, bank)) return this.applyProgress(payment.id, progress, bank);
    }
    return this.end(payment.id, 'INITIATION_EXPIRED', 'The user did not complete authentication in time.');
  }

  /**
   * Whether a bank reading at a user's expiry says money moved or may be moving: a final answer,
   * or (at a bank that executes as the user authorises, with no order of the gateway's to follow)
   * a payment in progress. A UK Open Banking consent the user authorised without coming back has
   * no order: it does not count.
   */
  private bankHasMoved(progress: PaymentProgress, bank: Bank): boolean {
    if (FINAL_BANK_OUTCOMES.has(progress.outcome)) return true;
    const executesOnAuthorisation = this.connectorFor(bank).explicitRedemption === undefined;
    return executesOnAuthorisation && (progress.outcome === 'PROCESSING' || progress.outcome === 'PENDING');
  }

  /** The payment's timer, due after the next poll's delay (whatever its expiry says). */
  private async pollLater(payment: Payment, now: Date, bank: Bank): Promise<undefined> {
    const pollCount = payment.pollCount + 1;
    const dueAt = new Date(now.getTime() + pollDelaySeconds(this.scheduleOf(bank), pollCount) * 1000);
    await this.transactions.run(async (tx) => {
      await this.payments.in(tx).countPoll(payment, pollCount);
      await new ScheduledJobRepository(tx).schedule(
        paymentTimerId(payment.id),
        { name: 'payments.poll', paymentId: payment.id },
        dueAt,
        JOB_QUEUE['payments.poll'],
      );
    });
    return undefined;
  }

  /** Ends a payment that is not final yet with `status` and `reason`; with `answered`, that outcome check ends with it. */
  end(paymentId: string, status: PaymentStatus, reason: string, answered?: OutcomeRef): Promise<ChangeResult> {
    return this.change(
      paymentId,
      (_current, now) => ({
        status,
        updatedAt: now,
        statusReasonInformation: reason,
        authentication: null,
        expiresAt: null,
      }),
      null,
      undefined,
      answered === undefined ? {} : { answered },
    );
  }

  private async pollBank(payment: Payment, now: Date): Promise<ChangeResult | undefined> {
    const bank = await this.bankOf(payment);
    const schedule = this.scheduleOf(bank);
    const counted = { ...payment, pollCount: payment.pollCount + 1 };
    // Safety net first: the next poll is due even if this one never returns.
    await this.transactions.run(async (tx) => {
      await this.payments.in(tx).countPoll(payment, counted.pollCount);
      await schedulePaymentTimer(tx, counted, now, schedule);
    });
    const redemption = this.connectorFor(bank).explicitRedemption;
    const orders = this.decoupledOrders;
    if (payment.status === 'INITIATION_PENDING_DECOUPLED_AUTH' && redemption !== undefined && orders !== undefined)
      return this.pollDecoupled(payment, bank, redemption, orders);
    let progress: PaymentProgress;
    try {
      progress = await this.askBank(payment, bank);
    } catch (error) {
      this.deps.logger.warn(
        { paymentId: payment.id, bankId: bank.id, err: error },
        'payment status poll failed; polling again later',
      );
      return undefined;
    }
    return this.applyProgress(payment.id, progress, bank);
  }

  /**
   * A decoupled approval at a bank that submits in a second step: whether the user has approved
   * yet; once approved, the order goes through the checked submission (asked again while its
   * answer is unknown).
   */
  private async pollDecoupled(
    payment: Payment,
    bank: Bank,
    redemption: ExplicitRedemption,
    orders: DecoupledOrders,
  ): Promise<ChangeResult | undefined> {
    const initiation = await this.bankInitiationFor(payment, { redirectUri: this.redirectUri });
    let answer;
    try {
      answer = await redemption.authoriseDecoupled(this.callContext(bank.id), bankHandleOf(payment), initiation);
    } catch (error) {
      this.deps.logger.warn(
        { paymentId: payment.id, bankId: bank.id, err: error },
        'decoupled approval poll failed; polling again later',
      );
      return undefined;
    }
    if (answer.kind === 'waiting') return undefined;
    if (answer.kind === 'refused') return this.applyProgress(payment.id, answer.progress, bank);
    await orders.submitApproved(payment, bank, redemption, answer.grant);
    return undefined;
  }

  /**
   * A bank's refusal of a step the user took (an embedded SCA value): the bank is asked where the
   * payment stands first, and followed where the money moved (the step had already been taken,
   * its answer lost); otherwise the payment ends refused.
   */
  async applyRefusal(payment: Payment, bank: Bank, error: unknown, traceId?: string): Promise<ChangeResult> {
    try {
      const progress = await this.askBank(payment, bank);
      if (this.bankHasMoved(progress, bank)) return await this.applyProgress(payment.id, progress, bank);
    } catch (readError) {
      this.deps.logger.warn(
        { paymentId: payment.id, bankId: bank.id, err: readError },
        'bank status after a refusal could not be read',
      );
    }
    return this.applyFailure(payment.id, error, traceId);
  }

  /**
   * A VRP whose initiation answer was lost: its window is set again (so a bank that is down is
   * asked again after another deadline, not at once), then the bank is asked for it again under
   * the same idempotency key, which answers the payment it made, or makes it once.
   */
  private async askAgainForVrp(payment: Payment, vrpBank: VrpBankCalls, now: Date): Promise<ChangeResult | undefined> {
    const asked = await this.askVrpAgain(payment, vrpBank, now);
    return asked.kind === 'answered' ? asked.result : undefined;
  }

  /**
   * A VRP initiation's outcome check asked again (PaymentOrderSubmission.askAgain): the
   * initiation again under the same idempotency key, its answer recorded with the check `answered`
   * ended in the same transaction; `unanswered` with the error when the bank still does not say.
   * `answered` with no result when the VRP had moved on already (nothing recorded, the check left
   * to the caller).
   */
  async askVrpAgainForCheck(
    payment: Payment,
    answered: OutcomeRef,
  ): Promise<
    | { readonly kind: 'answered'; readonly result: ChangeResult | undefined }
    | { readonly kind: 'unanswered'; readonly error: unknown }
  > {
    const vrpBank = this.deps.vrpBank;
    if (vrpBank === undefined) throw new Error('no VRP bank calls in this process');
    return this.askVrpAgain(payment, vrpBank, this.deps.clock.now(), answered);
  }

  private async askVrpAgain(
    payment: Payment,
    vrpBank: VrpBankCalls,
    now: Date,
    answered?: OutcomeRef,
  ): Promise<
    | { readonly kind: 'answered'; readonly result: ChangeResult | undefined }
    | { readonly kind: 'unanswered'; readonly error: unknown }
  > {
    const window = new Date(now.getTime() + this.deps.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS);
    const rearmed = await this.change(payment.id, (current) =>
      current.status === 'INITIATION_PENDING' && current.bankPaymentId === null
        ? { status: current.status, updatedAt: current.updatedAt, expiresAt: window }
        : null,
    );
    if (rearmed.kind !== 'changed') return { kind: 'answered', result: undefined };
    const bank = await this.bankOf(payment);
    let progress: PaymentProgress;
    try {
      progress = await vrpBank.initiate(rearmed.payment);
    } catch (error) {
      this.deps.logger.warn(
        { paymentId: payment.id, bankId: bank.id, err: error },
        'VRP initiation asked again failed; asking again later',
      );
      return { kind: 'unanswered', error };
    }
    return { kind: 'answered', result: await this.applyProgress(payment.id, progress, bank, answered) };
  }

  /** Where the bank says the payment stands (a VRP without the bank's id yet: its initiation, asked again). */
  private async askBank(payment: Payment, bank: Bank): Promise<PaymentProgress> {
    const vrpBank = this.deps.vrpBank;
    if (payment.vrpConsentId !== null && vrpBank !== undefined)
      return payment.bankPaymentId === null ? vrpBank.initiate(payment) : vrpBank.status(payment);
    return this.connectorFor(bank).getPaymentStatus(
      this.callContext(bank.id),
      bankHandleOf(payment),
      await this.bankInitiationFor(payment, { redirectUri: this.redirectUri }),
    );
  }
}
