import { Injectable } from '@nestjs/common';
import {
  PayoutRepository,
  SettlementAccountRepository,
  SettlementRulePayoutRepository,
  SettlementRuleRepository,
  type SettlementRulePayoutFilter,
} from '#libs/db';
import type { MemberId, PayeeAccount } from '#libs/domain';
import { decodePageOffset, encodePageOffset } from '../paging/page-offset.js';
import { requireMemberAccount } from './require-member-account.js';
import { renderSettlementRulePayout, type SettlementRulePayoutResource } from './settlement-rule-view.js';

/** The reference's PageInfo limit: at most 200; a larger one, none, or 0 is taken as 200. */
export const RULE_PAYOUTS_LIMIT_MAX = 200;

/** GET /virtual-accounts/{accountId}/settlement-rule-payouts after validation. */
export interface ListSettlementRulePayoutsCommand {
  readonly memberId: MemberId;
  readonly accountId: string;
  readonly limit?: number;
  readonly offset?: string;
  readonly filter: SettlementRulePayoutFilter;
}

export interface SettlementRulePayoutsPage {
  readonly payouts: readonly SettlementRulePayoutResource[];
  readonly pageInfo: { limit: number; offset?: string; nextOffset?: string; haveMore: boolean };
}

export function effectiveRulePayoutsLimit(limit: number | undefined): number {
  return limit === undefined || limit <= 0 || limit > RULE_PAYOUTS_LIMIT_MAX ? RULE_PAYOUTS_LIMIT_MAX : limit;
}

/** The payouts the account's rules made (and the runs that could not pay), latest run first, in pages. */
@Injectable()
export class ListSettlementRulePayoutsUseCase {
  constructor(
    private readonly accounts: SettlementAccountRepository,
    private readonly rules: SettlementRuleRepository,
    private readonly runs: SettlementRulePayoutRepository,
    private readonly payouts: PayoutRepository,
  ) {}

  async execute(command: ListSettlementRulePayoutsCommand): Promise<SettlementRulePayoutsPage> {
    const { memberId, accountId } = command;
    await requireMemberAccount(this.accounts, memberId, accountId);
    const limit = effectiveRulePayoutsLimit(command.limit);
    const decoded = command.offset === undefined ? undefined : decodePageOffset(command.offset, 'offset');
    const cursor = decoded === undefined ? undefined : { scheduledFor: decoded.createdAt, id: decoded.id };
    const rows = await this.runs.listForAccount(memberId, accountId, command.filter, cursor, limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const haveMore = rows.length > limit && last !== undefined;
    const payees = new Map<string, PayeeAccount>();
    for (const rule of await this.rules.listForAccount(memberId, accountId))
      payees.set(rule.id, rule.payee as PayeeAccount);
    const payoutIds = page.flatMap((run) => (run.payoutId === null ? [] : [run.payoutId]));
    const made =
      payoutIds.length === 0 ? [] : await this.payouts.list(memberId, { accountId, ids: payoutIds }, payoutIds.length);
    const payoutsById = new Map(made.map((payout) => [payout.id, payout]));
    return {
      payouts: page.map((run) =>
        renderSettlementRulePayout(
          run,
          payees.get(run.ruleId) ?? {},
          run.payoutId === null ? undefined : payoutsById.get(run.payoutId),
        ),
      ),
      pageInfo: {
        limit,
        ...(command.offset === undefined ? {} : { offset: command.offset }),
        ...(haveMore ? { nextOffset: encodePageOffset({ createdAt: last.scheduledFor, id: last.id }) } : {}),
        haveMore,
      },
    };
  }
}
