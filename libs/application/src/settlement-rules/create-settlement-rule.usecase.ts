import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { SettlementAccountRepository, SettlementRuleRepository, Transactions, type Prisma } from '#libs/db';
import {
  checkIntradayInterval,
  checkRuleAmountValue,
  nextRunAfter,
  normalizeBic,
  normalizeIban,
  normalizeSortCode,
  type MemberId,
  type PayeeAccount,
  type SettlementRuleAmountType,
  type SettlementRuleTimeInterval,
} from '#libs/domain';
import { storeNew } from '../lifecycle/record-change.js';
import { settlementRuleLifecycle } from './settlement-rule-lifecycle.js';
import { scheduleOf } from './settlement-rule-timer.js';

/** POST /virtual-accounts/{accountId}/settlement-rule after the body's own checks. */
export interface CreateSettlementRuleCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  /** accountId as the body gave it (must name the same account as the path). */
  readonly bodyAccountId: string;
  readonly payee: PayeeAccount;
  readonly amountType: SettlementRuleAmountType;
  readonly amountValue: string;
  readonly timeInterval: SettlementRuleTimeInterval;
  readonly intradayHours: number;
  readonly intradayMinutes?: number;
  readonly effectiveFrom?: Date;
  readonly effectiveTo?: Date;
  readonly description?: string;
}

function normalizedPayee(payee: PayeeAccount): PayeeAccount {
  return {
    ...payee,
    ...(payee.iban === undefined ? {} : { iban: normalizeIban(payee.iban) }),
    ...(payee.bic === undefined ? {} : { bic: normalizeBic(payee.bic) }),
    ...(payee.sortCode === undefined ? {} : { sortCode: normalizeSortCode(payee.sortCode) }),
    ...(payee.accountNumber === undefined ? {} : { accountNumber: payee.accountNumber.replace(/\s+/g, '') }),
  };
}

/**
 * Creates an ACTIVE rule on the member's settlement account (another member's, or an unknown
 * account, is a 404) with the timer of its first run, in one transaction. The rules that need the
 * account or the clock are checked here, each a 400 naming its field.
 */
@Injectable()
export class CreateSettlementRuleUseCase {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: SettlementAccountRepository,
    private readonly rules: SettlementRuleRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateSettlementRuleCommand): Promise<{ settlementRuleId: string }> {
    const { memberId } = command;
    const account = await this.accounts.findForMember(memberId, command.accountId);
    if (account === null)
      throw GatewayError.notFound(command.accountId, `Settlement account ${command.accountId} not found.`);
    if (command.bodyAccountId !== command.accountId)
      throw GatewayError.invalidField('accountId', 'accountId must be the settlement account of the path.');
    if (account.status !== 'ACTIVE')
      throw GatewayError.invalidField('accountId', `accountId names a settlement account that is ${account.status}.`);
    const amountProblem = checkRuleAmountValue(command.amountType, command.amountValue, account.currency);
    if (amountProblem !== undefined)
      throw GatewayError.invalidField('amountValue', `amountValue ${amountProblem} for ${command.amountType}.`);
    if (command.timeInterval === 'INTRADAY') {
      const problem = checkIntradayInterval(command.intradayHours, command.intradayMinutes ?? 0);
      if (problem !== undefined)
        throw GatewayError.invalidField('intradayIntervalHours', `intradayIntervalHours ${problem}.`);
    }
    const now = this.clock.now();
    const { effectiveFrom, effectiveTo } = command;
    if (effectiveTo !== undefined && effectiveTo.getTime() <= (effectiveFrom ?? now).getTime())
      throw GatewayError.invalidField(
        'effectiveTo',
        `effectiveTo must be after ${effectiveFrom === undefined ? 'now' : 'effectiveFrom'}.`,
      );
    const row: Prisma.SettlementRuleUncheckedCreateInput = {
      id: randomUUID(),
      memberId,
      accountId: account.id,
      status: 'ACTIVE',
      payee: JSON.parse(JSON.stringify(normalizedPayee(command.payee))) as Prisma.InputJsonValue,
      amountType: command.amountType,
      amountValue: command.amountValue,
      currency: account.currency,
      timeInterval: command.timeInterval,
      intradayHours: command.intradayHours,
      intradayMinutes: command.intradayMinutes ?? null,
      effectiveFrom: effectiveFrom ?? null,
      effectiveTo: effectiveTo ?? null,
      anchorAt: effectiveFrom ?? now,
      description: command.description ?? null,
      nextRunAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const firstRun = nextRunAfter(
      scheduleOf({
        timeInterval: command.timeInterval,
        intradayHours: command.intradayHours,
        intradayMinutes: command.intradayMinutes ?? null,
        anchorAt: effectiveFrom ?? now,
        effectiveTo: effectiveTo ?? null,
      }),
      now,
    );
    if (firstRun === null)
      throw GatewayError.invalidField(
        'effectiveTo',
        'effectiveTo leaves the rule no run: it ends before its first run.',
      );
    const rule = await this.transactions.run((tx) =>
      storeNew(settlementRuleLifecycle, tx, { ...row, nextRunAt: firstRun }, now, undefined),
    );
    return { settlementRuleId: rule.id };
  }
}
