import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { SettlementTransactionListFilter } from '#libs/application';
import { checkAmountValue } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ChoiceParam, onlyOnce, TextParam } from '../../query-params/query-params.js';
import { AMOUNT_VALUE_FORMAT, DATE_TIME_MAX_LENGTH } from '../../shared/dto/stated-formats.js';
import { SettlementLimitParam, SettlementOffsetParam } from './page-params.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) or an ISO 8601 date-time. */
function DateParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, example: '2026-11-27', maxLength: DATE_TIME_MAX_LENGTH }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be an ISO 8601 date';
      if (value.length > DATE_TIME_MAX_LENGTH) return `must be at most ${DATE_TIME_MAX_LENGTH} characters`;
      return instantOf(value) === undefined ? 'must be an ISO 8601 date (YYYY-MM-DD) or date-time' : undefined;
    }),
  );
}

function instantOf(value: string): Date | undefined {
  if (DATE.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value ? undefined : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/** GET /virtual-accounts/{accountId}/transactions query: the reference's paging and filters. */
export class ListVirtualAccountTransactionsQuery {
  static readonly fieldPath = '';

  @SettlementLimitParam()
  limit?: string;

  @SettlementOffsetParam()
  offset?: string;

  @TextParam('Only transactions with this refId.', 256)
  refId?: string;

  @DateParam('Only transactions created on or after this date (inclusive), UTC.')
  startDate?: string;

  @DateParam('Only transactions created on or before this date (inclusive: the whole day for a date), UTC.')
  endDate?: string;

  @applyDecorators(
    ApiPropertyOptional({
      ...AMOUNT_VALUE_FORMAT,
      description: 'Only transactions of this amount (a decimal).',
      example: '10.50',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be a decimal amount';
      return checkAmountValue(value);
    }),
  )
  amount?: string;

  @TextParam('Only the transaction with this provider payment id.', 256)
  providerPaymentId?: string;

  @ChoiceParam('Only CREDIT or only DEBIT transactions.', ['CREDIT', 'DEBIT'])
  transactionType?: string;

  @TextParam('Only when the account was opened for this sub-TPP (404 otherwise).', 128)
  onBehalfOfId?: string;
}

export function toSettlementTransactionListFilter(
  query: ListVirtualAccountTransactionsQuery,
): SettlementTransactionListFilter {
  const from = query.startDate === undefined ? undefined : instantOf(query.startDate);
  const end = query.endDate === undefined ? undefined : instantOf(query.endDate);
  // An end date names its whole day; an end date-time is inclusive to the millisecond.
  const before =
    end === undefined || query.endDate === undefined
      ? undefined
      : new Date(end.getTime() + (DATE.test(query.endDate) ? DAY_MS : 1));
  return {
    ...(query.refId === undefined ? {} : { refId: query.refId }),
    ...(from === undefined ? {} : { createdFrom: from }),
    ...(before === undefined ? {} : { createdBefore: before }),
    ...(query.amount === undefined ? {} : { amount: query.amount }),
    ...(query.providerPaymentId === undefined ? {} : { providerPaymentId: query.providerPaymentId }),
    ...(query.transactionType === undefined ? {} : { transactionType: query.transactionType }),
  };
}
