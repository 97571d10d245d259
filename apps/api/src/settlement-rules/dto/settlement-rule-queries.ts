import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ListSettlementRulePayoutsCommand } from '#libs/application';
import { SETTLEMENT_RULE_STATUSES, type MemberId, type SettlementRuleStatus } from '#libs/domain';
import {
  ChoiceParam,
  DateParam,
  EndDateParam,
  FlagParam,
  ListParam,
  TextParam,
  onlyOnce,
  sharedListFilter,
  utcDayRange,
} from '../../query-params/query-params.js';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';

/** The reference's PayoutStatus values a rule payout can be in. */
export const RULE_PAYOUT_STATUSES = [
  'INITIATION_PENDING',
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
] as const;
const LIST_MAX_ENTRIES = 200;
/** GET /virtual-accounts/{accountId}/settlement-rules query: an optional status. */
export class ListSettlementRulesQuery {
  static readonly fieldPath = '';

  @ChoiceParam('Only rules in this status; all rules when absent.', SETTLEMENT_RULE_STATUSES)
  status?: SettlementRuleStatus;
}

/** GET /virtual-accounts/{accountId}/settlement-rule-payouts query, as the reference names its fields. */
export class ListSettlementRulePayoutsQuery {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiPropertyOptional({
      type: Number,
      description: 'The most payouts to answer: up to 200; a larger limit, none, or 0 is taken as 200.',
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
    ),
    FieldCheck((value) =>
      isAbsent(value) || typeof value === 'number' ? undefined : (onlyOnce(value) ?? 'must be a whole number'),
    ),
  )
  limit?: number;

  @TextParam('The offset of the next page, from the previous answer (pageInfo.nextOffset; opaque).', 512)
  offset?: string;

  @TextParam('Only the payouts of this rule.')
  settlementRuleId?: string;

  @DateParam('Only payouts of runs on or after this date (UTC).')
  startDate?: string;

  @EndDateParam('Only payouts of runs on or before this date (UTC).')
  endDate?: string;

  @ListParam('Only these payout ids.', undefined, LIST_MAX_ENTRIES)
  ids?: string[];

  @FlagParam('With true, every payout but those in ids.')
  invertIds?: boolean;

  @ListParam('Only payouts in these statuses.', RULE_PAYOUT_STATUSES, LIST_MAX_ENTRIES)
  statuses?: string[];

  @FlagParam('With true, every payout not in statuses.')
  invertStatuses?: boolean;

  @ListParam('Only payouts with these refIds.', undefined, LIST_MAX_ENTRIES)
  refIds?: string[];
}

export function toListSettlementRulePayoutsCommand(
  memberId: MemberId,
  accountId: string,
  query: ListSettlementRulePayoutsQuery,
): ListSettlementRulePayoutsCommand {
  return {
    memberId,
    accountId,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: {
      ...(query.settlementRuleId === undefined ? {} : { settlementRuleId: query.settlementRuleId }),
      ...sharedListFilter(query),
      ...utcDayRange(query),
    },
  };
}
