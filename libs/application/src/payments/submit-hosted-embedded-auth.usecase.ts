import { Injectable } from '@nestjs/common';
import {
  BankDeadlineExceededError,
  BankRejectedError,
  BankUnavailableError,
  type EmbeddedAuthStep,
} from '#libs/connectors';
import { PaymentRepository, type Payment } from '#libs/db';
import { bankHandleOf } from './bank-initiation.js';
import { PaymentProgression } from './payment-progression.js';
import type { ChangeResult } from './record-payment-change.js';
import { embeddedFormValues } from './embedded-form-values.js';
import { embeddedStepOf } from './hosted-step.js';
import { HostedPayments } from './hosted-payments.js';

export interface SubmitHostedEmbeddedAuthCommand {
  readonly token: string;
  /** The form's fields; only those the bank asked for are sent on. */
  readonly fields: Readonly<Record<string, string>>;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export type SubmitHostedEmbeddedAuthOutcome =
  | { readonly kind: 'unknown-token' }
  /** The payment is not at an embedded step (any more): show where it stands. */
  | { readonly kind: 'not-waiting'; readonly payment: Payment }
  /** Some requested fields were left empty: the same step again, naming them. */
  | {
      readonly kind: 'incomplete';
      readonly payment: Payment;
      readonly step: EmbeddedAuthStep;
      readonly missing: readonly string[];
    }
  /** The bank could not be reached: the step stays open for another try. */
  | { readonly kind: 'bank-unavailable'; readonly payment: Payment; readonly step: EmbeddedAuthStep }
  /** The bank answered (the next step, the same step again, or the end). */
  | { readonly kind: 'answered'; readonly payment: Payment };

/**
 * POST /hosted-pages/payments/{token}/embedded: the user's values for the bank's embedded step,
 * as POST /v2/payments/{id}/embedded-auth takes them from a TPP. A refusal ends the payment; an
 * unreachable bank leaves the step open.
 */
@Injectable()
export class SubmitHostedEmbeddedAuthUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly hosted: HostedPayments,
    private readonly progression: PaymentProgression,
  ) {}

  async execute(command: SubmitHostedEmbeddedAuthCommand): Promise<SubmitHostedEmbeddedAuthOutcome> {
    const payment = await this.hosted.byToken(command.token);
    if (payment === null) return { kind: 'unknown-token' };
    const step = payment.status === 'INITIATION_PENDING_EMBEDDED_AUTH' ? embeddedStepOf(payment) : undefined;
    if (step === undefined) return { kind: 'not-waiting', payment };
    const { values, missing } = embeddedFormValues(step, command.fields);
    if (missing.length > 0) return { kind: 'incomplete', payment, step, missing };

    const bank = await this.progression.bankOf(payment);
    let result: ChangeResult;
    try {
      const progress = await this.progression
        .connectorFor(bank)
        .submitEmbeddedAuth(
          this.progression.callContext(bank.id, command.traceId, command.psuIpAddress),
          bankHandleOf(payment),
          values,
        );
      result = await this.progression.applyProgress(payment.id, progress, bank);
    } catch (error) {
      if (error instanceof BankUnavailableError || error instanceof BankDeadlineExceededError)
        return { kind: 'bank-unavailable', payment, step };
      if (!(error instanceof BankRejectedError)) throw error;
      result = await this.progression.applyFailure(payment.id, error, command.traceId);
    }
    if (result.kind !== 'stale') return { kind: 'answered', payment: result.payment };
    return { kind: 'answered', payment: (await this.payments.findById(payment.id)) ?? payment };
  }
}
