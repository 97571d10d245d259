import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { LimitParam, onlyOnce, TextParam } from '../../query-params/query-params.js';

/** GET /vrp-consents/{id}/payments query: limit (1 to 200, required) and the opaque offset. */
export class ListVrpsQuery {
  static readonly fieldPath = '';

  @LimitParam(200, 'Page size.')
  limit!: string;

  @TextParam('Where the page starts: the previous page’s pageInfo.nextOffset.', 512)
  offset?: string;
}

/** A positive decimal with up to 18 whole and 4 fraction digits, and its longest spelling. */
const FUNDS_AMOUNT = /^\d{1,18}(\.\d{1,4})?$/;
const FUNDS_AMOUNT_MAX_LENGTH = 18 + 1 + 4;

/** GET /vrps/{id}/confirm-funds query: the amount to confirm, a decimal string. */
export class ConfirmVrpFundsQuery {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiProperty({
      type: String,
      description: 'The amount to confirm availability for.',
      example: '10.00',
      maxLength: FUNDS_AMOUNT_MAX_LENGTH,
      pattern: FUNDS_AMOUNT.source,
    }),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be a decimal string';
      return FUNDS_AMOUNT.test(value) && Number(value) > 0
        ? undefined
        : 'must be a positive decimal string with at most 4 fraction digits';
    }),
  )
  amount!: string;
}
