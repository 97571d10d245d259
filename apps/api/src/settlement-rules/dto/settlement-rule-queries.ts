import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ListSettlementRulePayoutsCommand } from '#libs/application';
import { SETTLEMENT_RULE_STATUSES, type SettlementRuleStatus } from '#libs/domain';
import { ChoiceParam, TextParam, onlyOnce } from '../../query-params/query-params.js';
import { FieldCheck, isAbsent } from '../../payments/dto/field-check.js';

/** The reference's PayoutStatus values a rule payout can be in. */
export const RULE_PAYOUT_STATUSES = [
  'INITIATION_PENDING',
  'INITIATION_PROCESSING',
  'INITIATION_COMPLETED',
  'INITIATION_REJECTED',
  'INITIATION_FAILED',
] as const;
const LIST_MAX_ENTRIES = 200;
const DAY_MS = 86_400_000;

/** GET /virtual-accounts/{accountId}/settlement-rules query: an optional status. */
export class ListSettlementRulesQuery {
  static readonly fieldPath = '';

  @ChoiceParam('Only rules in this status; all rules when absent.', SETTLEMENT_RULE_STATUSES)
  status?: SettlementRuleStatus;
}

function ListParam(description: string, allowed?: readonly string[]): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [String],
      description: `${description} Repeat the parameter for several values.`,
      ...(allowed === undefined ? {} : { enum: [...allowed] }),
    }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value)),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string'))
        return 'must be a list of strings';
      if (value.length > LIST_MAX_ENTRIES) return `must have at most ${LIST_MAX_ENTRIES} entries`;
      if (value.some((entry) => entry === '' || entry.length > 256)) return 'entries must have 1 to 256 characters';
      const unknown = allowed === undefined ? [] : value.filter((entry) => !allowed.includes(entry));
      return unknown.length > 0
        ? `has unknown values ${unknown.slice(0, 5).join(', ')}; allowed: ${allowed?.join(', ') ?? ''}`
        : undefined;
    }),
  );
}

function FlagParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    FieldCheck((value) =>
      isAbsent(value) || typeof value === 'boolean' ? undefined : (onlyOnce(value) ?? 'must be true or false'),
    ),
  );
}

/** YYYY-MM-DD as the UTC midnight it starts, or undefined. */
function utcDate(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? date : undefined;
}

function DateParam(description: string, rule?: (date: Date, query: object) => string | undefined): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', description, example: '2027-01-31' }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      const date = typeof value === 'string' ? utcDate(value) : undefined;
      if (date === undefined) return onlyOnce(value) ?? 'must be a date YYYY-MM-DD';
      return rule?.(date, args.object);
    }),
  );
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

  @DateParam('Only payouts of runs on or before this date (UTC).', (end, query) => {
    const startText = (query as ListSettlementRulePayoutsQuery).startDate;
    const start = typeof startText === 'string' ? utcDate(startText) : undefined;
    return start !== undefined && end < start ? 'must not be before startDate' : undefined;
  })
  endDate?: string;

  @ListParam('Only these payout ids.')
  ids?: string[];

  @FlagParam('With true, every payout but those in ids.')
  invertIds?: boolean;

  @ListParam('Only payouts in these statuses.', RULE_PAYOUT_STATUSES)
  statuses?: string[];

  @FlagParam('With true, every payout not in statuses.')
  invertStatuses?: boolean;

  @ListParam('Only payouts with these refIds.')
  refIds?: string[];
}

export function toListSettlementRulePayoutsCommand(
  query: ListSettlementRulePayoutsQuery,
): ListSettlementRulePayoutsCommand {
  const start = query.startDate === undefined ? undefined : utcDate(query.startDate);
  const end = query.endDate === undefined ? undefined : utcDate(query.endDate);
  return {
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: {
      ...(query.settlementRuleId === undefined ? {} : { settlementRuleId: query.settlementRuleId }),
      ...(query.ids === undefined ? {} : { ids: query.ids, invertIds: query.invertIds === true }),
      ...(query.statuses === undefined
        ? {}
        : { statuses: query.statuses, invertStatuses: query.invertStatuses === true }),
      ...(query.refIds === undefined ? {} : { refIds: query.refIds }),
      ...(start === undefined ? {} : { from: start }),
      ...(end === undefined ? {} : { before: new Date(end.getTime() + DAY_MS) }),
    },
  };
}
