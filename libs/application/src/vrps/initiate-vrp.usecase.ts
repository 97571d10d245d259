import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, withFields, type AppConfig } from '#libs/common';
import { BankRejectedError, BankVrpRefusedError, type PaymentProgress } from '#libs/connectors';
import {
  BankRepository,
  paymentFromNew,
  PaymentRepository,
  PrismaService,
  Transactions,
  VrpConsentRepository,
  type Bank,
  type Payment,
  type VrpConsent,
} from '#libs/db';
import {
  ENDS_WITHOUT_MONEY_MOVED,
  decideVrpLimits,
  vrpPeriodsAt,
  type MemberId,
  type PaymentInitiationInput,
} from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import type { InitiatePaymentCommand } from '../payments/initiate-payment.usecase.js';
import { OutcomeChecks } from '../bank-truth/outcome-checks.js';
import { initiationBankOf } from '../payments/initiation-bank.js';
import { checkInitiationAgainstContext } from '../payments/initiation-error.js';
import { draftPayment } from '../payments/payment-draft.js';
import { PaymentProgression } from '../payments/payment-progression.js';
import { LOST_INITIATION_GRACE_MS, paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { renderPayment, type PaymentResource } from '../payments/payment-view.js';
import { recordKnownPaymentChange, type ChangeResult } from '../payments/record-payment-change.js';
import { paymentLifecycle } from '../payments/payment-lifecycle.js';
import { storeNew } from '../lifecycle/record-change.js';
import { changeFromProgress } from '../payments/progress-change.js';
import { OnBehalfOfCheck } from '../sub-tpps/on-behalf-of-check.js';
import { revokeVrpConsentAfterBankRefusal } from './vrp-consent-revocation.js';
import { vrpConsentCreditor, vrpControlsOf } from './vrp-consent-controls.js';
import { vrpLimitMessage, vrpViolation } from './vrp-limit-refusal.js';
import { AuthorisedConsentCache, type AuthorisedConsent } from './authorised-consent-cache.js';
import { CurrentVrpPeriods } from './current-vrp-periods.js';
import { VrpPaymentBank } from './vrp-payment-bank.js';
import { vrpEvents, vrpTimer } from './vrp-writes.js';

/** How long an authorised consent read stays in this process's cache. */
const CONSENT_CACHE_MS = 5_000;

function digits(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** A payment initiation that names the member's VRP consent. */
export type InitiateVrpCommand = InitiatePaymentCommand & { readonly input: { readonly vrpConsentId: string } };

/**
 * POST /v2/payments with `vrpConsentId`: a variable recurring payment, made without the user under
 * an authorised VRP consent of the member.
 *
 * The consent's row is locked, the limit engine decides with the payments already made under it
 * (those that moved money or may yet), and the payment is stored (INITIATION_PENDING, with its
 * PAYMENT_STATUS_CHANGED and VRP_STATUS_CHANGED events and its timer) in that one transaction:
 * concurrent VRPs on one consent are decided one after another, so none passes a limit. A refusal
 * stores nothing and calls no bank. The payment's outcome check (operation `vrp-initiation`) is
 * written in that transaction too. Then the bank is asked under the consent's grant (the payment
 * id is its idempotency key, so a lost answer is asked for again by the check, and flagged for an
 * operator after 24 hours without one) and its answer recorded as the payment's change, which
 * ends the check in the same transaction.
 */
@Injectable()
export class InitiateVrpUseCase {
  private readonly rules: PaymentRules;
  private readonly ownHosts: readonly string[];
  private readonly consentCache = new AuthorisedConsentCache(CONSENT_CACHE_MS, 10_000);
  private readonly periods = new CurrentVrpPeriods();

  constructor(
    private readonly prisma: PrismaService,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly banks: BankRepository,
    private readonly consents: VrpConsentRepository,
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    private readonly vrpBank: VrpPaymentBank,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly checks: OutcomeChecks,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rules = paymentRules(config);
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  async execute(command: InitiateVrpCommand): Promise<PaymentResource> {
    const memberId = command.member.memberId;
    const consentId = command.input.vrpConsentId;
    const { consent: known, bank } = await this.authorised(memberId, consentId);
    const input = this.checked(command, known, bank);
    await this.onBehalfOf.check(command.member, input.onBehalfOfId, 'initiation.onBehalfOfId');

    const stored =
      (await this.storeWithinLimits(memberId, known, input, bank)) ??
      (await this.store(memberId, consentId, input, bank));
    wakeOutboxRelay(this.prisma.pool);
    let progress: PaymentProgress;
    try {
      progress = await this.vrpBank.initiateUnder(stored, known, bank, command.traceId);
    } catch (error) {
      if (!(error instanceof BankRejectedError)) return this.askedAgainLater(stored, error);
      await this.progression.failInitiation(stored, error, command.traceId);
      throw await this.refusalOf(error, known);
    }
    const result = await this.answer(stored, progress, bank);
    return renderPayment(
      result.kind === 'stale' ? ((await this.payments.findById(stored.id)) ?? stored) : result.payment,
    );
  }

  /**
   * The VRP stored in one statement on the shared pool: its row, both events, its timer and its
   * initiation's outcome check, written only while the consent, locked, is the member's,
   * AUTHORIZED, and has room for it in every current period and in its occurrences (the guard;
   * the periods as the limit engine counts them). Null when the engine refuses it before any
   * write (start, end, individual amounts, or a period too small for it alone) or the guard
   * refuses it: the locked transaction (`store`) then decides again and says why.
   */
  private async storeWithinLimits(
    memberId: MemberId,
    consent: VrpConsent,
    input: PaymentInitiationInput,
    bank: Bank,
  ): Promise<Payment | null> {
    const now = this.clock.now();
    const controls = vrpControlsOf(consent);
    const periods = this.periods.at(consent.id, controls, now);
    if (decideVrpLimits(controls, [], input.amount.value, now, undefined, periods).kind === 'refused') return null;
    const payment = paymentFromNew(
      withFields(draftPayment(memberId, input, now, this.rules), {
        vrpConsentId: consent.id,
        expiresAt: new Date(now.getTime() + this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
      }),
    );
    const call = { kind: 'payment', resourceId: payment.id, memberId, operation: 'vrp-initiation' } as const;
    const stored = await this.payments.insertVrpWithinLimits(
      payment,
      vrpEvents(payment, this.progression.moveHooks),
      vrpTimer(payment, now, this.progression.scheduleOf(bank)),
      {
        periods: periods.map(({ start, end, maximumAmount }) => ({
          start,
          end,
          maximum: maximumAmount,
        })),
        maximumOccurrences: controls.maximumOccurrences ?? 0,
      },
      ENDS_WITHOUT_MONEY_MOVED,
      {
        kind: call.kind,
        operation: call.operation,
        ...this.checks.toBegin(call, this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
      },
    );
    return stored ? payment : null;
  }

  /**
   * The bank's answer recorded as the VRP's change in one statement (recordKnownPaymentChange, both
   * events), which ends its outcome check; a change that needs more in its transaction, or finds the row moved
   * on, takes the locked path (PaymentProgression.answerInitiation).
   */
  private async answer(stored: Payment, progress: PaymentProgress, bank: Bank): Promise<ChangeResult> {
    const now = this.clock.now();
    const change = changeFromProgress(stored, progress, now, this.rules);
    if (stored.virtualAccountId !== null || stored.paymentLinkId !== null || change.tokenizedAccountId !== undefined)
      return this.progression.answerInitiation(stored, progress, bank);
    const result = await recordKnownPaymentChange(
      this.prisma,
      this.payments,
      stored,
      change,
      now,
      this.rules,
      this.progression.scheduleOf(bank),
      this.progression.moveHooks,
      { answered: true },
    );
    return result.kind === 'stale' ? this.progression.answerInitiation(stored, progress, bank) : result;
  }

  /**
   * The bank did not say (unreachable, 5xx, too slow): it may have made the payment, so the payment
   * is not failed (it keeps counting against the consent) but stays INITIATION_PENDING, and its
   * outcome check asks the bank again under the same idempotency key once its window has passed.
   */
  private askedAgainLater(stored: Payment, error: unknown): PaymentResource {
    this.logger.warn({ paymentId: stored.id, err: error }, 'VRP initiation unanswered; the bank is asked again later');
    return renderPayment(stored);
  }

  /**
   * The member's consent and its bank, as read lately by this process when it was authorised
   * then (see AuthorisedConsentCache), or read now.
   */
  private async authorised(memberId: MemberId, consentId: string): Promise<AuthorisedConsent> {
    return this.consentCache.through(memberId, consentId, Date.now(), async () => {
      const consent = await this.consentOf(memberId, consentId);
      return { consent, bank: await this.bankOf(consent) };
    });
  }

  /** The member's consent (404 naming it otherwise), read to find its bank before the locked decision. */
  private async consentOf(memberId: MemberId, consentId: string): Promise<VrpConsent> {
    const consent = await this.consents.findForMember(memberId, consentId);
    if (consent === null)
      throw GatewayError.notFound(consentId, `VRP consent ${consentId} not found.`, { vrpConsentId: consentId });
    return consent;
  }

  private async bankOf(consent: VrpConsent): Promise<Bank> {
    const bank = consent.bankId === null ? null : await this.banks.find(consent.bankId);
    if (bank === null) throw notAuthorized(consent.id, 'The VRP consent has no bank yet: it is not authorized.');
    return bank;
  }

  /**
   * The payment's own rules (as any payment at the consent's bank), then what the consent fixes:
   * its bank, Faster Payments, its currency and its creditor.
   */
  private checked(command: InitiatePaymentCommand, consent: VrpConsent, bank: Bank): PaymentInitiationInput {
    const given = command.input;
    if (given.bankId !== undefined && given.bankId !== consent.bankId)
      throw vrpViolation(
        consent.id,
        `initiation.bankId must be the consent's bank ${String(consent.bankId)}`,
        'initiation.bankId',
      );
    if (given.executionDate !== undefined)
      throw GatewayError.invalidField(
        'initiation.executionDate',
        'initiation.executionDate cannot be given for a VRP: it is paid at once',
      );
    const input = checkInitiationAgainstContext(withFields(given, { bankId: bank.id }), {
      bank: initiationBankOf(bank),
      member: { regulated: command.member.regulated },
      ownHosts: this.ownHosts,
      today: this.clock.now().toISOString().slice(0, 10),
    });
    if (input.localInstrument !== consent.localInstrument)
      throw vrpViolation(
        consent.id,
        `initiation.localInstrument must be the consent's ${consent.localInstrument}`,
        'initiation.localInstrument',
      );
    if (input.amount.currency !== consent.currency)
      throw vrpViolation(
        consent.id,
        `initiation.amount.currency must be the consent's ${consent.currency}`,
        'initiation.amount.currency',
      );
    const creditor = vrpConsentCreditor(consent);
    if (
      digits(input.creditor.sortCode) !== digits(creditor.sortCode) ||
      digits(input.creditor.accountNumber) !== digits(creditor.accountNumber)
    )
      throw vrpViolation(consent.id, 'initiation.creditor must be the account the consent pays', 'initiation.creditor');
    return input;
  }

  /** The locked decision and, when the payment fits, its row, events and timer: one transaction. */
  private store(memberId: MemberId, consentId: string, input: PaymentInitiationInput, bank: Bank): Promise<Payment> {
    return this.transactions.run(async (tx) => {
      const consent = await this.consents.in(tx).lock(consentId);
      if (consent === null || consent.memberId !== memberId)
        throw GatewayError.notFound(consentId, `VRP consent ${consentId} not found.`, { vrpConsentId: consentId });
      if (consent.status !== 'AUTHORIZED')
        throw notAuthorized(consentId, `The VRP consent is ${consent.status}, not AUTHORIZED: it takes no payments.`);
      const now = this.clock.now();
      const controls = vrpControlsOf(consent);
      const since = new Date(
        Math.min(now.getTime(), ...vrpPeriodsAt(controls, now).map((period) => period.start.getTime())),
      );
      const made = await this.payments.in(tx).vrpsCounted(consentId, ENDS_WITHOUT_MONEY_MOVED, since);
      const decision = decideVrpLimits(controls, made.recent, input.amount.value, now, { count: made.earlierCount });
      if (decision.kind === 'refused') throw vrpViolation(consentId, vrpLimitMessage(decision));
      const payment = paymentFromNew(
        withFields(draftPayment(memberId, input, now, this.rules), {
          vrpConsentId: consentId,
          expiresAt: new Date(now.getTime() + this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
        }),
      );
      await storeNew(paymentLifecycle(this.progression.moveHooks), tx, payment, now, {
        payments: this.payments,
        scheduleSeconds: this.progression.scheduleOf(bank),
      });
      await this.checks.begin(
        tx,
        { kind: 'payment', resourceId: payment.id, memberId, operation: 'vrp-initiation' },
        this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS,
      );
      return payment;
    });
  }

  /**
   * What the caller is told when the bank refused the VRP (the payment is recorded as ended
   * meanwhile): a consent the bank no longer honours is revoked here too and answered
   * ConsentNotAuthorized; a control-parameter refusal is a VrpConsentViolation; anything else as is.
   */
  private async refusalOf(error: unknown, consent: VrpConsent): Promise<unknown> {
    if (!(error instanceof BankVrpRefusedError)) return error;
    switch (error.refusal) {
      case 'CONSENT_REVOKED':
      case 'CONSENT_NOT_ACTIVE':
        await revokeVrpConsentAfterBankRefusal(this.transactions, this.clock, consent.id, error.message).catch(
          (failure: unknown) =>
            this.logger.warn({ vrpConsentId: consent.id, err: failure }, 'recording the bank-side revocation failed'),
        );
        return notAuthorized(consent.id, `The bank no longer honours the VRP consent: ${error.message}`);
      case 'CONTROL_PARAMETERS':
        return vrpViolation(consent.id, `The bank refused the payment under the consent's controls: ${error.message}`);
      case 'CONSENT_MISMATCH':
      case 'UNSUPPORTED':
      case 'INVALID_REQUEST':
        return error;
    }
  }
}

function notAuthorized(vrpConsentId: string, message: string): GatewayError {
  return new GatewayError('Resource.ConsentNotAuthorized', { message, details: { vrpConsentId } });
}
