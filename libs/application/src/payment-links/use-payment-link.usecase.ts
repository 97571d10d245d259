import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { MemberRepository, PaymentLinkRepository, PaymentRepository, Transactions, type PaymentLink } from '#libs/db';
import {
  checkAmountValue,
  decidePaymentLinkUse,
  toMinorUnits,
  type MemberId,
  type PaymentInitiationInput,
} from '#libs/domain';
import { InitiatePaymentUseCase } from '../payments/initiate-payment.usecase.js';
import type { PaymentResource } from '../payments/payment-view.js';
import { paymentLinkUsageState } from './payment-link-view.js';
import { resetPaymentLinkTimer } from './payment-link-timer.js';

/** One payer's use of a link from its public page. */
export interface UsePaymentLinkCommand {
  readonly link: PaymentLink;
  /** The link's owner, established by the page token (the link's only credential). */
  readonly owner: MemberId;
  /** The payer's amount, for a link without a fixed amount. */
  readonly amount?: string;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export type PaymentLinkUseOutcome =
  | { readonly kind: 'refused'; readonly reason: 'not-active' | 'expired' | 'used-up' | 'amount-limit' }
  | { readonly kind: 'bad-amount'; readonly problem: string }
  | { readonly kind: 'started'; readonly payment: PaymentResource };

/** The template's per-payment reference: the base refId and the use's number in base 36 (5 characters). */
export function paymentRefIdOf(baseRefId: string, useNumber: number): string {
  return `${baseRefId}${useNumber.toString(36).toUpperCase().padStart(5, '0')}`;
}

/**
 * A payer uses a link: with the link row locked, the use is decided (active, not expired, below
 * its maximum and amount limits), a Payments v2 payment is made from the template through
 * InitiatePaymentUseCase (without a bank: the payer picks one on the hosted pages) and linked to
 * the link (payment.payment_link_id), and the use is counted (the link moving to USAGE_LIMIT_REACHED or AMOUNT_LIMIT_REACHED at its limit, its timer
 * reset) before the lock is released, so concurrent uses never pass the maximum. A payment that
 * cannot be made leaves the count as it was.
 */
@Injectable()
export class UsePaymentLinkUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly links: PaymentLinkRepository,
    private readonly members: MemberRepository,
    private readonly payments: PaymentRepository,
    private readonly initiate: InitiatePaymentUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(command: UsePaymentLinkCommand): Promise<PaymentLinkUseOutcome> {
    const template = command.link.paymentTemplate as unknown as PaymentInitiationInput & {
      readonly amount: { readonly currency: string; readonly value?: string };
    };
    const amount = template.amount.value ?? command.amount?.trim() ?? '';
    if (template.amount.value === undefined) {
      const problem = amountProblem(amount, template.amount.currency, command.link);
      if (problem !== undefined) return { kind: 'bad-amount', problem };
    }
    const member = await this.members.find(command.owner);
    return this.transactions.run(async (tx) => {
      const links = this.links.in(tx);
      const locked = await links.lock(command.link.id);
      if (locked === null) return { kind: 'refused', reason: 'not-active' };
      const decision = decidePaymentLinkUse(paymentLinkUsageState(locked), amount, this.clock.now());
      if (decision.kind === 'refuse') return { kind: 'refused', reason: decision.reason };
      const payment = await this.initiate.execute({
        member: {
          memberId: command.owner,
          regulated: member?.regulated ?? true,
          ...(member === null ? {} : { displayName: member.name }),
        },
        input: {
          ...template,
          refId: paymentRefIdOf(template.refId, decision.usedCount),
          remittanceInformationPrimary: template.remittanceInformationPrimary ?? template.refId,
          amount: { value: amount, currency: template.amount.currency },
        },
        ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
        ...(command.psuIpAddress === undefined ? {} : { psuIpAddress: command.psuIpAddress }),
      });
      await this.payments.in(tx).attachPaymentLink(payment.id, locked.id);
      const counted = await links.update(locked, {
        status: decision.status,
        usedCount: decision.usedCount,
        usedAmount: decision.usedAmount,
        updatedAt: this.clock.now(),
      });
      if (counted !== null) await resetPaymentLinkTimer(tx, counted);
      return { kind: 'started', payment };
    });
  }
}

function amountProblem(amount: string, currency: string, link: PaymentLink): string | undefined {
  if (amount === '') return 'Enter the amount to pay.';
  const problem = checkAmountValue(amount, currency);
  if (problem !== undefined) return `The amount ${problem}.`;
  if (link.perPaymentAmountLimit !== null && toMinorUnits(amount) > toMinorUnits(link.perPaymentAmountLimit.toFixed(4)))
    return `The amount can be at most ${link.perPaymentAmountLimit.toFixed(2)} ${currency}.`;
  return undefined;
}
