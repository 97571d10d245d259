import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { Prisma, PrismaService, RefundRepository, SubTppRepository, type Refund, type RefundOriginal } from '#libs/db';
import { wakeOutboxRelay } from '#libs/events';
import {
  checkRefundInitiation,
  fieldProblem,
  newRefundId,
  refundFits,
  remainingRefundAmount,
  type FieldProblem,
  type MemberId,
  type RefundInitiationInput,
  type RefundParty,
} from '#libs/domain';
import { plannedCreation } from '../lifecycle/planned-change.js';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { statementEvents, statementTimer } from '../payments/record-payment-change.js';
import { refundLifecycle } from './refund-lifecycle.js';
import { refundFieldsError } from './refund-problems.js';
import { payerAccountOf, storedPartyForRail } from './refund-parties.js';
import { RefundRegistrationVault, type RefundRegistrationView } from './refund-registration-vault.js';
import { renderRefund, type RefundResource } from './refund-view.js';

/** The statuses of a payment (Payments v2) or transfer (Payments v1) whose money has moved. */
const COMPLETED: Readonly<Record<RefundOriginal['kind'], readonly string[]>> = {
  payment: ['INITIATION_COMPLETED', 'SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED'],
  transfer: ['SUCCESS', 'SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_COMPLETED'],
};

export interface InitiateRefundCommand {
  readonly memberId: MemberId;
  /** The initiation (the API's from a POST /refunds body, its shape checked); its rules are checked here. */
  readonly input: RefundInitiationInput;
}

/**
 * POST /refunds: checks the initiation, the original payment (the member's, completed, in the
 * refund's currency, with room for the amount: for the error naming the field), resolves the
 * debtor (from the registration when not given) and creditor (the original payment's refund
 * account when not given), then stores the refund in one statement that locks the original
 * payment's row and checks all of it again under the lock (INITIATION_PENDING, counted,
 * REFUND_STATUS_CHANGED, timer due at once: the worker sends it to the bank).
 */
@Injectable()
export class InitiateRefundUseCase {
  private readonly rules: PaymentRules;

  constructor(
    private readonly prisma: PrismaService,
    private readonly refunds: RefundRepository,
    private readonly registrations: RefundRegistrationVault,
    private readonly subTpps: SubTppRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = paymentRules(config);
  }

  async execute(command: InitiateRefundCommand): Promise<{ refund: RefundResource }> {
    const input = command.input;
    const problems = checkRefundInitiation(input);
    if (problems.length > 0) throw refundFieldsError(problems);
    if (input.onBehalfOfId !== undefined && !(await this.subTpps.isActive(command.memberId, input.onBehalfOfId)))
      throw GatewayError.invalidField(
        'initiation.onBehalfOfId',
        'initiation.onBehalfOfId must be the id of one of the member’s active (ACTIVATED) sub-TPPs',
      );
    const registration = await this.registrationOf(command.memberId, input);
    const original = await this.refunds.findOriginal(command.memberId, input.originalPaymentId);
    this.checkOriginal(input, original);
    const debtor = this.debtorOf(input, registration);
    const creditor = this.creditorOf(input, original);
    this.checkAmount(input, original);
    const bankId = registration?.bankId ?? original.bankId;
    if (bankId === null)
      throw GatewayError.invalidField(
        'initiation.registrationId',
        'initiation.registrationId is required: the payment names no bank',
      );
    const now = this.clock.now();
    const refund: Refund = {
      id: newRefundId(),
      memberId: command.memberId,
      refId: input.refId,
      onBehalfOfId: input.onBehalfOfId ?? null,
      originalPaymentId: original.id,
      originalKind: original.kind,
      registrationId: input.registrationId ?? null,
      bankId,
      status: 'INITIATION_PENDING',
      amount: new Prisma.Decimal(input.amount.value),
      currency: input.amount.currency,
      localInstrument: input.localInstrument,
      initiation: resolvedInitiation(input, debtor, creditor) as Prisma.JsonObject,
      bankTransactionId: null,
      bankPaymentStatus: null,
      statusReasonInformation: null,
      pollCount: 0,
      pollUntil: new Date(now.getTime() + this.rules.pollingMs),
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
    // Its creation event and first timer as its lifecycle declares them (the timer due at once:
    // the worker sends it; the poll schedule is not read before the bank has it).
    const planned = plannedCreation(refundLifecycle, refund, now, {
      refunds: this.refunds,
      scheduleSeconds: this.rules.defaultScheduleSeconds,
    });
    const stored = await this.refunds.insertCounted(
      {
        ...refund,
        originalKind: original.kind,
        amount: input.amount.value,
        initiation: refund.initiation as object,
      },
      COMPLETED[original.kind],
      statementEvents(planned.events),
      planned.timer === null ? null : statementTimer(planned.timer),
    );
    if (!stored) {
      // Under the lock the original no longer took it (a concurrent refund, or the payment moved): say why.
      const current = await this.refunds.findOriginal(command.memberId, input.originalPaymentId);
      this.checkOriginal(input, current);
      this.checkAmount(input, current);
      throw new GatewayError('CONFLICT', {
        message: 'The refund could not be counted against its payment; try again.',
      });
    }
    wakeOutboxRelay(this.prisma.pool);
    return { refund: renderRefund(refund) };
  }

  private async registrationOf(
    memberId: MemberId,
    input: RefundInitiationInput,
  ): Promise<RefundRegistrationView | undefined> {
    if (input.registrationId === undefined) return undefined;
    const registration = await this.registrations.view(memberId, input.registrationId);
    if (registration === undefined)
      throw GatewayError.invalidField(
        'initiation.registrationId',
        'initiation.registrationId must name one of the member’s refund registrations',
      );
    return registration;
  }

  private debtorOf(input: RefundInitiationInput, registration: RefundRegistrationView | undefined): RefundParty {
    if (input.debtor !== undefined) return input.debtor;
    if (registration === undefined)
      throw refundFieldsError([
        fieldProblem('initiation.debtor', 'is required when no initiation.registrationId supplies it', 'required'),
      ]);
    return orThrow(
      storedPartyForRail(
        registration.debtor,
        input.localInstrument,
        'debtor',
        'initiation.localInstrument',
        'The registration’s debtor account',
      ),
    );
  }

  private checkOriginal(
    input: RefundInitiationInput,
    original: RefundOriginal | null,
  ): asserts original is RefundOriginal {
    if (original === null) throw notRefundable(input.originalPaymentId);
    if (!COMPLETED[original.kind].includes(original.status))
      throw notRefundable(
        input.originalPaymentId,
        `Payment ${input.originalPaymentId} is not completed (it is ${original.status}); only completed payments are refunded.`,
      );
  }

  private creditorOf(input: RefundInitiationInput, original: RefundOriginal): RefundParty {
    if (input.creditor !== undefined) return input.creditor;
    const payer = payerAccountOf(original.payerAccount);
    if (payer === undefined)
      throw refundFieldsError([
        fieldProblem(
          'initiation.creditor',
          'is required: the original payment has no refund account (returnRefundAccount) to pay back to',
          'required',
        ),
      ]);
    return orThrow(
      storedPartyForRail(
        payer,
        input.localInstrument,
        'creditor',
        'initiation.creditor',
        'The original payment’s refund account',
      ),
    );
  }

  private checkAmount(input: RefundInitiationInput, original: RefundOriginal): void {
    if (input.amount.currency !== original.currency.trim())
      throw GatewayError.invalidField(
        'initiation.amount.currency',
        `initiation.amount.currency must be ${original.currency.trim()}, the currency of the original payment`,
      );
    if (!refundFits(original.amount, original.refundedAmount, input.amount.value))
      throw GatewayError.invalidField(
        'initiation.amount.value',
        `initiation.amount.value must be at most ${remainingRefundAmount(original.amount, original.refundedAmount)} ${original.currency.trim()}: the refunds of a payment never exceed its amount`,
      );
  }
}

function orThrow(
  resolved: { readonly party: RefundParty } | { readonly problems: readonly FieldProblem[] },
): RefundParty {
  if ('problems' in resolved) throw refundFieldsError(resolved.problems);
  return resolved.party;
}

function notRefundable(id: string, message?: string): GatewayError {
  return GatewayError.notFound(id, message ?? `Payment ${id} not found.`);
}

/** The reference's ResolvedRefundInitiation, as stored and answered. */
function resolvedInitiation(
  input: RefundInitiationInput,
  debtor: RefundParty,
  creditor: RefundParty,
): Prisma.InputJsonObject {
  return {
    // The reference requires paymentType on a refund's initiation without defining it: REFUND.
    paymentType: 'REFUND',
    refId: input.refId,
    ...(input.description === undefined ? {} : { description: input.description }),
    amount: { value: input.amount.value, currency: input.amount.currency },
    originalPaymentId: input.originalPaymentId,
    ...(input.registrationId === undefined ? {} : { registrationId: input.registrationId }),
    localInstrument: input.localInstrument,
    ...(input.onBehalfOfId === undefined ? {} : { onBehalfOfId: input.onBehalfOfId }),
    debtor: { ...debtor } as Prisma.InputJsonObject,
    creditor: { ...creditor } as Prisma.InputJsonObject,
  };
}
