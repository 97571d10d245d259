import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER, withFields, type AppConfig } from '#libs/common';
import type { PaymentProgress } from '#libs/connectors';
import { PaymentRepository, PrismaService, type Bank, type NewPayment, type Payment } from '#libs/db';
import type { MemberId, PaymentInitiationInput } from '#libs/domain';
import { bankInitiationOf } from './bank-initiation.js';
import { hostedPagesPaymentRow } from './hosted-pages-payment-row.js';
import { PaymentExtensions } from './payment-extensions.js';
import { PaymentInitiationChecks, type DraftedPayment } from './payment-initiation-checks.js';
import { PaymentProgression } from './payment-progression.js';
import { LOST_INITIATION_GRACE_MS, paymentRules, type PaymentRules } from './payment-rules.js';
import { renderPayment, type PaymentResource } from './payment-view.js';
import { storeNewPayment, type ChangeResult } from './record-payment-change.js';

/** The authenticated member an initiation is made for. */
export interface InitiatingMember {
  readonly memberId: MemberId;
  /** Whether the member is a regulated TPP (onBehalfOfId rules). */
  readonly regulated: boolean;
  /** The member's display name, which the bank's consent page shows. */
  readonly displayName?: string;
}

export interface InitiatePaymentCommand {
  readonly member: InitiatingMember;
  readonly input: PaymentInitiationInput;
  /** Seconds the caller will wait for the bank (the `request-timeout` header); absent = the whole bank call. */
  readonly requestTimeoutSeconds?: number;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

type Race =
  | { readonly kind: 'answer'; readonly progress: PaymentProgress }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'timeout' };

/**
 * POST /v2/payments. Validates against the bank and member, then either sends the user to the
 * hosted bank selection (no bankId) or asks the bank.
 *
 * With a bank, the payment is stored before the bank is asked: the row (INITIATION_PENDING), its
 * PAYMENT_STATUS_CHANGED creation event and its timer in one statement. Then the bank call; then
 * its answer (or failure) recorded as one status change with its event and timer, again in one
 * statement on the row as stored (read again and locked only if something moved it meanwhile). A process that dies at any
 * point leaves the row and its timer: the timer fires when the bank call must have ended (bank
 * deadline + grace) and, as the bank's answer was never recorded (no consent id to ask about),
 * fails the initiation (INITIATION_FAILED). A consent the bank may have created meanwhile is never
 * shown to a user, so it is never authorised and lapses at the bank.
 *
 * With `request-timeout`, a bank that has not answered in time leaves the answer INITIATION_PENDING:
 * the bank's answer is applied when it comes (visible by GET and webhook). Without it, a bank error
 * is the answer (the payment, already announced, ends failed or rejected).
 */
@Injectable()
export class InitiatePaymentUseCase {
  private readonly rules: PaymentRules;

  constructor(
    private readonly prisma: PrismaService,
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    private readonly checks: PaymentInitiationChecks,
    private readonly extensions: PaymentExtensions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rules = paymentRules(config);
  }

  async execute(command: InitiatePaymentCommand): Promise<PaymentResource> {
    const vrpConsentId = command.input.vrpConsentId;
    if (vrpConsentId !== undefined)
      return this.extensions.initiateVrp({ ...command, input: { ...command.input, vrpConsentId } });
    const { bank, now, debtor, draft } = await this.checks.check(command);
    if (bank === null) return this.toHostedPages(draft, now);

    const pending: NewPayment = withFields(draft, {
      expiresAt: new Date(now.getTime() + this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
    });
    const stored = await this.store(pending, now, bank);

    const connector = this.progression.connectorFor(bank);
    const call = connector.initiatePayment(
      {
        bankId: bank.id,
        deadlineMs: Date.now() + this.rules.bankDeadlineMs,
        ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
        ...(command.psuIpAddress === undefined ? {} : { psuIpAddress: command.psuIpAddress }),
      },
      bankInitiationOf(stored, {
        redirectUri: this.progression.redirectUri,
        ...(debtor === undefined ? {} : { resolvedDebtor: debtor }),
        ...(command.member.displayName === undefined
          ? {}
          : { requestingParty: { displayName: command.member.displayName } }),
      }),
    );
    const raced = await this.race(call, command.requestTimeoutSeconds);
    switch (raced.kind) {
      case 'timeout':
        this.finishLater(stored, call, bank, command.traceId);
        return renderPayment(stored);
      case 'answer':
        return renderPayment(await this.recorded(stored, await this.record(stored, raced, bank, command.traceId)));
      case 'error':
        await this.record(stored, raced, bank, command.traceId);
        throw raced.error;
    }
  }

  /**
   * The bank's answer or error, recorded on the row as stored: one statement with its event and
   * timer (PaymentProgression.answerInitiation, failInitiation).
   */
  private record(
    stored: Payment,
    outcome: Exclude<Race, { readonly kind: 'timeout' }>,
    bank: Bank,
    traceId: string | undefined,
  ): Promise<ChangeResult> {
    return outcome.kind === 'answer'
      ? this.progression.answerInitiation(stored, outcome.progress, bank)
      : this.progression.failInitiation(stored, outcome.error, traceId);
  }

  /** The payment after recording the bank's answer (as it stands, if something else moved it first). */
  private async recorded(stored: Payment, result: ChangeResult): Promise<Payment> {
    if (result.kind !== 'stale') return result.payment;
    return (await this.payments.findById(stored.id)) ?? stored;
  }

  private async toHostedPages(draft: DraftedPayment, now: Date): Promise<PaymentResource> {
    const row = hostedPagesPaymentRow(draft, now, this.config.http.publicBaseUrl, this.rules);
    return renderPayment(await this.store(row, now, null));
  }

  private store(row: NewPayment, now: Date, bank: Bank | null) {
    return storeNewPayment(
      this.prisma,
      this.payments,
      row,
      now,
      this.rules,
      this.progression.scheduleOf(bank),
      this.extensions,
    );
  }

  /** The bank's answer or error, or a timeout when the caller's request-timeout comes first. */
  private async race(call: Promise<PaymentProgress>, timeoutSeconds: number | undefined): Promise<Race> {
    const settled = call.then(
      (progress): Race => ({ kind: 'answer', progress }),
      (error: unknown): Race => ({ kind: 'error', error }),
    );
    if (timeoutSeconds === undefined) return settled;
    const timer = new AbortController();
    try {
      return await Promise.race([
        settled,
        sleep(timeoutSeconds * 1000, undefined, { signal: timer.signal }).then((): Race => ({ kind: 'timeout' })),
      ]);
    } finally {
      timer.abort();
    }
  }

  private finishLater(stored: Payment, call: Promise<PaymentProgress>, bank: Bank, traceId: string | undefined): void {
    call
      .then(
        (progress) => this.record(stored, { kind: 'answer', progress }, bank, traceId),
        (error: unknown) => this.record(stored, { kind: 'error', error }, bank, traceId),
      )
      .catch((error: unknown) =>
        this.logger.error(
          { paymentId: stored.id, err: error },
          'applying the late bank answer of an initiation failed',
        ),
      );
  }
}
