import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, withFields, type AppConfig } from '#libs/common';
import type { PaymentProgress } from '#libs/connectors';
import {
  BankRepository,
  PaymentRepository,
  PrismaService,
  type Bank,
  type NewPayment,
  type PaymentChange,
} from '#libs/db';
import type { MemberId, PaymentInitiationInput } from '#libs/domain';
import { bankInitiationOf } from './bank-initiation.js';
import { hostedPagesUrl } from './hosted-pages-url.js';
import { checkInitiationAgainstContext } from './initiation-error.js';
import { draftPayment } from './payment-draft.js';
import { PaymentProgression } from './payment-progression.js';
import { LOST_INITIATION_GRACE_MS, paymentRules, type PaymentRules } from './payment-rules.js';
import { renderPayment, type PaymentResource } from './payment-view.js';
import { changeFromProgress } from './progress-change.js';
import { storeNewPayment } from './record-payment-change.js';

/** The authenticated member an initiation is made for. */
export interface InitiatingMember {
  readonly memberId: MemberId;
  /** Whether the member is a regulated TPP (onBehalfOfId rules). */
  readonly regulated: boolean;
}

export interface InitiatePaymentCommand {
  readonly member: InitiatingMember;
  readonly input: PaymentInitiationInput;
  /** Seconds the caller will wait for the bank (the `request-timeout` header); absent = the whole bank call. */
  readonly requestTimeoutSeconds?: number;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/** A new row takes a change's values; nulls simply stay unset. */
function withChange(row: NewPayment, change: PaymentChange): NewPayment {
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(change)) {
    const value = change[key as keyof PaymentChange];
    if (value !== null && value !== undefined) set[key] = value;
  }
  return withFields(row, set) as NewPayment;
}

type Race = { readonly kind: 'answer'; readonly progress: PaymentProgress } | { readonly kind: 'timeout' };

/**
 * POST /v2/payments. Validates against the bank and member, then either sends the user to the
 * hosted bank selection (no bankId) or asks the bank. With `request-timeout`, a bank that has not
 * answered in time leaves the payment INITIATION_PENDING: the answer is applied when it comes
 * (visible by GET and webhook); a process that dies meanwhile leaves a timer that fails the
 * initiation once its bank deadline has passed. Without it, a bank error is the answer.
 */
@Injectable()
export class InitiatePaymentUseCase {
  private readonly rules: PaymentRules;
  /** Our own host names: a callbackUrl may not point at them. */
  private readonly ownHosts: readonly string[];

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly banks: BankRepository,
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rules = paymentRules(config);
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  async execute(command: InitiatePaymentCommand): Promise<PaymentResource> {
    const bank = await this.bankOf(command.input);
    const now = this.clock.now();
    const input = checkInitiationAgainstContext(command.input, {
      bank:
        bank === null
          ? undefined
          : {
              id: bank.id,
              supportedLocalInstruments: bank.supportedLocalInstruments,
              features: bank.features as Record<string, boolean>,
              countries: bank.countries,
            },
      member: { regulated: command.member.regulated },
      ownHosts: this.ownHosts,
      today: now.toISOString().slice(0, 10),
    });
    const draft = draftPayment(command.member.memberId, input, now, this.rules);
    if (bank === null) return this.toHostedPages(draft, now);

    const connector = this.progression.connectorFor(bank);
    const call = connector.initiatePayment(
      {
        bankId: bank.id,
        deadlineMs: Date.now() + this.rules.bankDeadlineMs,
        ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
        ...(command.psuIpAddress === undefined ? {} : { psuIpAddress: command.psuIpAddress }),
      },
      bankInitiationOf(draft, { redirectUri: this.progression.redirectUri }),
    );
    const raced = await this.race(call, command.requestTimeoutSeconds);
    if (raced.kind === 'answer') {
      const row = withChange(
        draft,
        changeFromProgress(
          { status: draft.status, expiresAt: null, initiation: draft.initiation },
          raced.progress,
          now,
          this.rules,
        ),
      );
      return renderPayment(await this.store(row, now, bank));
    }
    const pending: NewPayment = withFields(draft, {
      expiresAt: new Date(now.getTime() + this.rules.bankDeadlineMs + LOST_INITIATION_GRACE_MS),
    });
    const stored = await this.store(pending, now, bank);
    this.finishLater(stored.id, call, bank, command.traceId);
    return renderPayment(stored);
  }

  private async bankOf(input: PaymentInitiationInput): Promise<Bank | null> {
    if (input.bankId === undefined) return null;
    const bank = await this.banks.find(input.bankId);
    if (bank === null || !bank.listed)
      throw GatewayError.invalidField(
        'initiation.bankId',
        `initiation.bankId ${input.bankId} is not a bank of the catalogue.`,
      );
    return bank;
  }

  private async toHostedPages(draft: ReturnType<typeof draftPayment>, now: Date): Promise<PaymentResource> {
    const row: NewPayment = withFields(draft, {
      status: 'INITIATION_PENDING_REDIRECT_HP',
      authentication: { redirectUrl: hostedPagesUrl(this.config.http.publicBaseUrl, draft.callbackToken) },
      expiresAt: new Date(now.getTime() + this.rules.authorisationWindowMs),
    });
    return renderPayment(await this.store(row, now, null));
  }

  private store(row: NewPayment, now: Date, bank: Bank | null) {
    return storeNewPayment(this.prisma, this.payments, row, now, this.rules, this.progression.scheduleOf(bank));
  }

  /** The bank's answer, or a timeout when the caller's request-timeout comes first. */
  private async race(call: Promise<PaymentProgress>, timeoutSeconds: number | undefined): Promise<Race> {
    if (timeoutSeconds === undefined) return { kind: 'answer', progress: await call };
    const timer = new AbortController();
    try {
      return await Promise.race([
        call.then((progress): Race => ({ kind: 'answer', progress })),
        sleep(timeoutSeconds * 1000, undefined, { signal: timer.signal }).then((): Race => ({ kind: 'timeout' })),
      ]);
    } finally {
      timer.abort();
    }
  }

  private finishLater(
    paymentId: string,
    call: Promise<PaymentProgress>,
    bank: Bank,
    traceId: string | undefined,
  ): void {
    call
      .then(
        (progress) => this.progression.applyProgress(paymentId, progress, bank),
        (error: unknown) => this.progression.applyFailure(paymentId, error, traceId),
      )
      .catch((error: unknown) =>
        this.logger.error({ paymentId, err: error }, 'applying the late bank answer of an initiation failed'),
      );
  }
}
