import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import {
  MemberRepository,
  PaymentLinkRepository,
  Transactions,
  type NewPayment,
  type PaymentLink,
  type Prisma,
} from '#libs/db';
import {
  checkAmountValue,
  decidePaymentLinkUse,
  toMinorUnits,
  type MemberId,
  type PaymentInitiationInput,
} from '#libs/domain';
import { HostedPaymentPreparation } from '../payments/hosted-payment-preparation.js';
import type { PaymentResource } from '../payments/payment-view.js';
import { recordChange } from '../lifecycle/record-change.js';
import { paymentLinkLifecycle } from './payment-link-lifecycle.js';
import { paymentLinkUsageState } from './payment-link-view.js';
import { PerKeyQueue } from './per-key-queue.js';

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
 * A payer uses a link. The payment is checked and drafted first (HostedPaymentPreparation, without a
 * bank: the payer picks one on the hosted pages). Then one transaction locks the link row,
 * decides the use (active, not expired, below its maximum and amount limits), stores the payment
 * linked to the link (payment.payment_link_id, its refId numbered by the link's startedCount) with
 * its event and timer, and counts the use through the link's lifecycle (the link moving to
 * USAGE_LIMIT_REACHED or AMOUNT_LIMIT_REACHED at its limit, its timer reset): every statement on
 * the transaction's own connection, so concurrent uses never pass the maximum, never wait for a
 * second connection while holding the lock, and a payment is never stored without its count or
 * counted without its row.
 * No bank is called under the lock; the hosted pages call the payer's bank after the commit.
 * Within one process the uses of a link queue in memory, one at a time, before they take a
 * connection: payers crowding one link hold at most one connection per process, never the pool.
 */
@Injectable()
export class UsePaymentLinkUseCase {
  /** Uses of one link in this process wait here, not on the row lock while holding a connection. */
  private readonly oneAtATime = new PerKeyQueue();

  constructor(
    private readonly transactions: Transactions,
    private readonly links: PaymentLinkRepository,
    private readonly members: MemberRepository,
    private readonly hostedPayment: HostedPaymentPreparation,
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
    const draft = await this.hostedPayment.prepare({
      member: {
        memberId: command.owner,
        regulated: member?.regulated ?? true,
        ...(member === null ? {} : { displayName: member.name }),
      },
      input: {
        ...template,
        refId: paymentRefIdOf(template.refId, command.link.startedCount + 1),
        remittanceInformationPrimary: template.remittanceInformationPrimary ?? template.refId,
        amount: { value: amount, currency: template.amount.currency },
      },
      ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
      ...(command.psuIpAddress === undefined ? {} : { psuIpAddress: command.psuIpAddress }),
    });
    return this.oneAtATime.run(command.link.id, () => this.use(command, template.refId, amount, draft));
  }

  /** The use itself, under the link's row lock (see the class comment). */
  private use(
    command: UsePaymentLinkCommand,
    baseRefId: string,
    amount: string,
    draft: NewPayment,
  ): Promise<PaymentLinkUseOutcome> {
    return this.transactions.run(async (tx): Promise<PaymentLinkUseOutcome> => {
      const links = this.links.in(tx);
      const locked = await links.lock(command.link.id);
      if (locked === null) return { kind: 'refused', reason: 'not-active' };
      const now = this.clock.now();
      const decision = decidePaymentLinkUse(paymentLinkUsageState(locked), amount, now);
      if (decision.kind === 'refuse') return { kind: 'refused', reason: decision.reason };
      const startedCount = locked.startedCount + 1;
      const payment = await this.hostedPayment.store(tx, {
        ...numbered(draft, paymentRefIdOf(baseRefId, startedCount)),
        paymentLinkId: locked.id,
      });
      const counted = await recordChange(
        paymentLinkLifecycle,
        tx,
        locked,
        {
          status: decision.status,
          usedCount: decision.usedCount,
          usedAmount: decision.usedAmount,
          startedCount,
          updatedAt: now,
        },
        now,
        undefined,
      );
      // The row is locked and active (the use was decided on it): only this transaction can change it.
      if (counted.kind !== 'changed') throw new Error(`payment link ${locked.id} changed under its lock`);
      return { kind: 'started', payment };
    });
  }
}

/** The drafted payment with the refId of its use (the draft was checked with the number the use was expected to take). */
function numbered(draft: NewPayment, refId: string): NewPayment {
  return { ...draft, refId, initiation: { ...(draft.initiation as Prisma.JsonObject), refId } };
}

function amountProblem(amount: string, currency: string, link: PaymentLink): string | undefined {
  if (amount === '') return 'Enter the amount to pay.';
  const problem = checkAmountValue(amount, currency);
  if (problem !== undefined) return `The amount ${problem}.`;
  if (link.perPaymentAmountLimit !== null && toMinorUnits(amount) > toMinorUnits(link.perPaymentAmountLimit.toFixed(4)))
    return `The amount can be at most ${link.perPaymentAmountLimit.toFixed(2)} ${currency}.`;
  return undefined;
}
