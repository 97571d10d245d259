import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { BankRejectedError } from '#libs/connectors';
import { PaymentRepository, type Payment } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { bankHandleOf } from './bank-initiation.js';
import { PaymentProgression } from './payment-progression.js';
import { renderPayment, type PaymentResource } from './payment-view.js';
import { requireMemberPayment } from './require-member-payment.js';

export interface SubmitEmbeddedAuthCommand {
  readonly memberId: MemberId;
  readonly paymentId: string;
  /** The values by field id. */
  readonly values: Readonly<Record<string, string>>;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * POST /v2/payments/{paymentId}/embedded-auth: the values for the fields the bank asked for. The
 * bank may ask again (a wrong value, or the next step's fields): the payment then stays
 * INITIATION_PENDING_EMBEDDED_AUTH with the new fields and `isRetry` as the bank says. A bank that
 * refuses outright ends the payment INITIATION_REJECTED, unless the bank's status says the step
 * was already taken and the money moved (a retry after a lost answer: the bank is followed); a
 * bank that cannot be reached answers the error and leaves the step open for another try, and its
 * expiry asks the bank before ending it.
 */
@Injectable()
export class SubmitEmbeddedAuthUseCase {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly progression: PaymentProgression,
  ) {}

  async execute(command: SubmitEmbeddedAuthCommand): Promise<PaymentResource> {
    const { memberId, paymentId, values, traceId, psuIpAddress } = command;
    const payment = await requireMemberPayment(this.payments, memberId, paymentId);
    if (payment.status !== 'INITIATION_PENDING_EMBEDDED_AUTH') {
      throw new GatewayError('InvalidArgument', {
        message: `Payment ${paymentId} is not waiting for embedded authentication (status ${payment.status}).`,
        paths: ['paymentId'],
      });
    }
    const expected = fieldIds(payment);
    const missing = expected.filter((id) => values[id] === undefined || values[id] === '');
    if (missing.length > 0)
      throw GatewayError.invalidField(
        `embeddedAuth.${missing[0] ?? ''}`,
        `embeddedAuth is missing the requested field(s): ${missing.join(', ')}.`,
        'Field.Expected',
      );
    const unknown = Object.keys(values).filter((id) => !expected.includes(id));
    if (unknown.length > 0)
      throw GatewayError.invalidField(
        `embeddedAuth.${unknown[0] ?? ''}`,
        `embeddedAuth has field(s) the bank did not ask for: ${unknown.join(', ')}.`,
        'Field.Unknown',
      );

    const bank = await this.progression.bankOf(payment);
    try {
      const progress = await this.progression
        .connectorFor(bank)
        .submitEmbeddedAuth(
          this.progression.callContext(bank.id, traceId, psuIpAddress),
          bankHandleOf(payment),
          values,
        );
      await this.progression.applyProgress(payment.id, progress, bank);
    } catch (error) {
      if (!(error instanceof BankRejectedError)) throw error;
      await this.progression.applyRefusal(payment, bank, error, traceId);
    }
    return renderPayment(await requireMemberPayment(this.payments, memberId, paymentId));
  }
}

function fieldIds(payment: Payment): string[] {
  const authentication = payment.authentication as { readonly fields?: readonly { readonly id?: unknown }[] } | null;
  return (authentication?.fields ?? []).map((field) => field.id).filter((id): id is string => typeof id === 'string');
}
