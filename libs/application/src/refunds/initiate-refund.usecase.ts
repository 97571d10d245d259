import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { Prisma, SubTppRepository, Transactions, RefundRepository, type RefundOriginal } from '#libs/db';
import {
  fieldProblem,
  newRefundId,
  readRefundInitiation,
  refundFits,
  remainingRefundAmount,
  type FieldProblem,
  type MemberId,
  type RefundInitiationInput,
  type RefundParty,
} from '#libs/domain';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { storeNewRefund } from './record-refund-change.js';
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
  /** The POST /refunds body as received; checked here, field by field. */
  readonly body: unknown;
}

/**
 * POST /refunds: checks the initiation, resolves its debtor (from the registration when not
 * given) and creditor (the original payment's refund account when not given), then, in one
 * transaction with the original payment's row locked, checks it is the member's completed
 * payment in the refund's currency and that the refunds counted against it stay within its
 * amount, and stores the refund (INITIATION_PENDING, counted, REFUND_STATUS_CHANGED, timer due
 * at once: the worker sends it to the bank).
 */
@Injectable()
export class InitiateRefundUseCase {
  private readonly rules: PaymentRules;

  constructor(
    private readonly transactions: Transactions,
    private readonly refunds: RefundRepository,
    private readonly registrations: RefundRegistrationVault,
    private readonly subTpps: SubTppRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = paymentRules(config);
  }

  async execute(command: InitiateRefundCommand): Promise<{ refund: RefundResource }> {
    const read = readRefundInitiation(command.body);
    if ('problems' in read) throw refundFieldsError(read.problems);
    const input = read.input;
    if (input.onBehalfOfId !== undefined && !(await this.subTpps.isActive(command.memberId, input.onBehalfOfId)))
      throw GatewayError.invalidField(
        'initiation.onBehalfOfId',
        'initiation.onBehalfOfId must be the id of one of the member’s active (ACTIVATED) sub-TPPs',
      );
    const registration = await this.registrationOf(command.memberId, input);
    const refund = await this.transactions.run(async (tx) => {
      const original = await this.refunds.in(tx).lockOriginal(command.memberId, input.originalPaymentId);
      if (original === null || original.memberId !== command.memberId) throw notRefundable(input.originalPaymentId);
      if (!COMPLETED[original.kind].includes(original.status))
        throw notRefundable(
          input.originalPaymentId,
          `Payment ${input.originalPaymentId} is not completed (it is ${original.status}); only completed payments are refunded.`,
        );
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
      return storeNewRefund(
        tx,
        original,
        {
          id: newRefundId(),
          memberId: command.memberId,
          refId: input.refId,
          onBehalfOfId: input.onBehalfOfId ?? null,
          originalPaymentId: original.id,
          originalKind: original.kind,
          registrationId: input.registrationId ?? null,
          bankId,
          status: 'INITIATION_PENDING',
          amount: input.amount.value,
          currency: input.amount.currency,
          localInstrument: input.localInstrument,
          initiation: resolvedInitiation(input, debtor, creditor),
          pollUntil: new Date(now.getTime() + this.rules.pollingMs),
          createdAt: now,
          updatedAt: now,
        },
        now,
        this.rules.defaultScheduleSeconds,
      );
    });
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
