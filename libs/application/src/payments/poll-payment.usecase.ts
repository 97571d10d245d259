import { Injectable } from '@nestjs/common';
import type { PayloadOf } from '#libs/common';
import { PaymentProgression } from './payment-progression.js';

/** A payment's timer fired (the payload of payments.poll). */
export type PollPaymentCommand = PayloadOf<'payments.poll'>;

/**
 * A payment's timer fired: poll the bank, or apply the expiry / 30-day / lost-initiation rule
 * (PaymentProgression.poll). Safe to run twice: every move is checked against the current row.
 */
@Injectable()
export class PollPaymentUseCase {
  constructor(private readonly payments: PaymentProgression) {}

  async execute(command: PollPaymentCommand): Promise<string> {
    const result = await this.payments.poll(command.paymentId);
    if (result === undefined) return 'unchanged';
    if (result.kind === 'changed') return result.payment.status;
    return result.kind;
  }
}
