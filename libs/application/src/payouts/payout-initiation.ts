import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import {
  AccountVerificationRepository,
  MemberRepository,
  PayoutRepository,
  Prisma,
  PrismaService,
  SettlementAccountRepository,
  type Payout,
  type SettlementAccount,
  type Tx,
} from '#libs/db';
import {
  checkPayoutInitiation,
  newPayoutId,
  verificationProblem,
  type MemberId,
  type PayoutInitiationInput,
} from '#libs/domain';
import { wakeOutboxRelay } from '#libs/events';
import { plannedCreation } from '../lifecycle/planned-change.js';
import { statementEvents, statementTimer } from '../payments/record-payment-change.js';
import { OnBehalfOfCheck } from '../sub-tpps/on-behalf-of-check.js';
import { payoutFieldsError } from './payout-problems.js';
import { PayoutProgression } from './payout-progression.js';
import { payoutLifecycle } from './payout-lifecycle.js';
import { settlementAccountOwnerId } from './settlement-account-owner-id.js';

/** The member a payout is made for, as the onBehalfOfId rules see it. */
export interface PayoutMember {
  readonly memberId: MemberId;
  /** Unregulated members must name an onBehalfOfId. */
  readonly regulated: boolean;
}

/**
 * A payout to make from a typed initiation: the API's after reading the body, or one the gateway
 * builds itself (a settlement rule's run, which names its rule).
 */
export interface InitiatePayoutCommand {
  readonly member: PayoutMember;
  readonly initiation: PayoutInitiationInput;
  /** The settlement rule making the payout, when one is. */
  readonly settlementRuleId?: string;
  /**
   * Whether to ask the provider within this call (the payout as the provider left it is
   * answered). By default the payout's timer, due at once, has the worker send it: the request
   * holds no provider call, as a refund's does not.
   */
  readonly sendNow?: boolean;
}

/**
 * A payout the gateway makes itself from a settlement account (a settlement rule's run): the
 * account's owner is the member, the account's onBehalfOfId the payout's.
 */
export interface AccountPayoutCommand {
  readonly accountId: string;
  readonly settlementRuleId?: string;
  readonly initiation: Omit<PayoutInitiationInput, 'debtor' | 'onBehalfOfId'>;
  /** As InitiatePayoutCommand.sendNow. */
  readonly sendNow?: boolean;
}

const ACTIVE = 'ACTIVE';

/** A stored balance (numeric(24,4) text) as the account's decimal string: 10.0000 as 10.00. */
function balanceText(stored: string): string {
  return new Prisma.Decimal(stored).toFixed(Math.max(2, (stored.split('.')[1] ?? '').replace(/0+$/, '').length));
}

/**
 * Makes a payout, for POST /payouts (InitiatePayoutUseCase) and for the payouts settlement rules
 * make (PayoutPathRulePayouts): every rule of the initiation (a 400 naming the field), the debtor
 * a settlement account of the member in the payout's currency, the onBehalfOfId, and for EUR an
 * account verification of the member's own, unexpired and matching the creditor. Then ONE
 * statement (PayoutRepository.insertReserved, under the account's row lock) reserves the amount
 * in the account's ledger (refused for funds: a 400 naming initiation.amount.value, nothing
 * stored), stores the payout INITIATION_PENDING with PAYOUT_STATUS_CHANGED and its timer, due at
 * once; only then is the provider asked, by the worker (payouts.poll) unless the caller asks for
 * it within the call.
 */
@Injectable()
export class PayoutInitiation {
  constructor(
    private readonly prisma: PrismaService,
    private readonly payouts: PayoutRepository,
    private readonly accounts: SettlementAccountRepository,
    private readonly verifications: AccountVerificationRepository,
    private readonly members: MemberRepository,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly progression: PayoutProgression,
    private readonly clock: Clock,
  ) {}

  /**
   * A payout from the account for its owner (settlement rules): as initiate, the member and the
   * onBehalfOfId taken from the stored account. Throws a GatewayError whose message says why a
   * payout cannot be made (unknown account, funds, creditor, ...). With `tx`, every read and the
   * payout's statement run in the caller's transaction (a rule's run: its row and its payout
   * commit together), and the caller wakes the outbox relay after its commit.
   */
  async initiateFromAccount(command: AccountPayoutCommand, tx?: Tx): Promise<Payout> {
    const account = await this.bound(this.accounts, tx).findById(command.accountId);
    if (account === null) throw this.unknownAccount();
    const memberId = settlementAccountOwnerId(account);
    const member = await this.bound(this.members, tx).find(memberId);
    return this.initiate(
      {
        member: { memberId, regulated: member?.regulated ?? true },
        initiation: {
          ...command.initiation,
          debtor: { accountId: account.id },
          ...(account.onBehalfOfId === null ? {} : { onBehalfOfId: account.onBehalfOfId }),
        },
        ...(command.settlementRuleId === undefined ? {} : { settlementRuleId: command.settlementRuleId }),
        ...(command.sendNow === undefined ? {} : { sendNow: command.sendNow }),
      },
      tx,
    );
  }

  /** The repository in `tx`, when given. */
  private bound<R extends { in(tx: Tx): R }>(repository: R, tx: Tx | undefined): R {
    return tx === undefined ? repository : repository.in(tx);
  }

  /**
   * Makes the payout: the stored row as it stands after the provider was asked. Throws a
   * GatewayError (400 naming the field) for every rule the initiation breaks, the lack of funds
   * included; nothing is stored then. With `tx`, in the caller's transaction (see
   * initiateFromAccount); the provider is then never asked within the call.
   */
  async initiate(command: InitiatePayoutCommand, tx?: Tx): Promise<Payout> {
    if (tx !== undefined && command.sendNow === true)
      throw new Error('a payout made in a caller’s transaction is sent by its timer, after the commit');
    const input = command.initiation;
    const problems = checkPayoutInitiation(input);
    if (problems.length > 0) throw payoutFieldsError(problems);
    await this.onBehalfOf.check(command.member, input.onBehalfOfId, 'initiation.onBehalfOfId', tx);
    const now = this.clock.now();
    await this.checkVerification(command.member.memberId, input, now, tx);
    const draft = this.newPayout(command, now);
    // Its creation event and first timer as its lifecycle declares them: the timer due at once
    // (the worker sends it), or at its first poll when this call sends it.
    const planned = plannedCreation(payoutLifecycle, draft, now, {
      payouts: this.payouts,
      scheduleSeconds: this.progression.scheduleSeconds,
      sentByCaller: command.sendNow === true,
    });
    const stored = await this.bound(this.payouts, tx).insertReserved(
      { ...draft, amount: input.amount.value, initiation: draft.initiation as object },
      statementEvents(planned.events),
      planned.timer === null ? null : statementTimer(planned.timer),
    );
    if (stored.kind === 'no-account') {
      // Not the member's ACTIVE account in this currency: say which.
      await this.accountOf(command.member.memberId, input, tx);
      throw this.unknownAccount();
    }
    if (stored.kind === 'insufficient')
      throw GatewayError.invalidField(
        'initiation.amount.value',
        `initiation.amount.value must be at most the settlement account’s available balance (${balanceText(stored.available)} ${input.amount.currency})`,
      );
    const row: Payout = { ...draft, providerId: stored.providerId };
    if (tx !== undefined) return row;
    wakeOutboxRelay(this.prisma.pool);
    if (command.sendNow !== true) return row;
    return this.progression.advance(row);
  }

  private unknownAccount(): GatewayError {
    return GatewayError.invalidField(
      'initiation.debtor.accountId',
      'initiation.debtor.accountId must be the id of one of the member’s settlement accounts',
    );
  }

  private async accountOf(memberId: MemberId, input: PayoutInitiationInput, tx?: Tx): Promise<SettlementAccount> {
    const account = await this.bound(this.accounts, tx).findForMember(memberId, input.debtor.accountId);
    if (account === null) throw this.unknownAccount();
    if (account.status !== ACTIVE)
      throw GatewayError.invalidField(
        'initiation.debtor.accountId',
        `initiation.debtor.accountId names a settlement account that is ${account.status}; only an ACTIVE one pays out`,
      );
    if (account.currency.trim() !== input.amount.currency)
      throw GatewayError.invalidField(
        'initiation.amount.currency',
        `initiation.amount.currency must be ${account.currency.trim()}, the currency of the settlement account`,
      );
    return account;
  }

  private async checkVerification(memberId: MemberId, input: PayoutInitiationInput, now: Date, tx?: Tx): Promise<void> {
    const id = input.creditor.accountVerificationId;
    if (id === undefined) return;
    const path = 'initiation.creditor.accountVerificationId';
    const verification = await this.bound(this.verifications, tx).findForMember(memberId, id);
    if (verification === null)
      throw GatewayError.invalidField(path, `${path} must be the id of one of the member’s account verifications`);
    const problem = verificationProblem(verification, input.creditor, now);
    if (problem !== undefined) throw GatewayError.invalidField(path, `${path} ${problem}`);
  }

  /** The payout to store (its provider is the account's, filled in once stored). */
  private newPayout(command: InitiatePayoutCommand, now: Date): Payout {
    const input = command.initiation;
    const initiation: Prisma.InputJsonObject = {
      // The reference requires paymentType on a payout's resolved initiation without defining it: PAYOUT.
      paymentType: 'PAYOUT',
      description: input.description,
      refId: input.refId,
      ...(input.onBehalfOfId === undefined ? {} : { onBehalfOfId: input.onBehalfOfId }),
      amount: { value: input.amount.value, currency: input.amount.currency },
      debtor: { accountId: input.debtor.accountId },
      creditor: { ...input.creditor },
    };
    return {
      id: newPayoutId(),
      memberId: command.member.memberId,
      onBehalfOfId: input.onBehalfOfId ?? null,
      accountId: input.debtor.accountId,
      providerId: '',
      settlementRuleId: command.settlementRuleId ?? null,
      refId: input.refId,
      description: input.description,
      status: 'INITIATION_PENDING',
      amount: new Prisma.Decimal(input.amount.value),
      currency: input.amount.currency,
      initiation: initiation as Prisma.JsonObject,
      accountVerificationId: input.creditor.accountVerificationId ?? null,
      bankTransactionId: null,
      bankPaymentStatus: null,
      statusReasonInformation: null,
      pollCount: 0,
      pollUntil: new Date(now.getTime() + this.progression.pollingMs),
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
  }
}
