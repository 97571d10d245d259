import { applyDecorators } from '@nestjs/common';
import { checkAmountValue, checkCurrency } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ApiField } from '../../shared/dto/field-decorators.js';
import { AMOUNT_VALUE_FORMAT, CURRENCY_FORMAT } from '../../shared/dto/stated-formats.js';

/** initiation.amount: a decimal string value and an ISO 4217 currency. */
export class AmountDto {
  static readonly fieldPath = 'initiation.amount';

  @applyDecorators(
    ApiField({
      ...AMOUNT_VALUE_FORMAT,
      description:
        'Decimal string above 0: digits and an optional point with at most 4 fraction digits and no more than the currency has (JPY 0, GBP 2, BHD 3); no sign, exponent or separators; at most 14 integer digits.',
      example: '10.23',
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return 'is required';
      if (typeof value !== 'string')
        return 'must be a string such as "10.50" (amounts are decimal strings, not JSON numbers)';
      const currency = (args.object as AmountDto).currency;
      return checkAmountValue(
        value,
        typeof currency === 'string' && checkCurrency(currency) === undefined ? currency : undefined,
      );
    }),
  )
  value!: string;

  @applyDecorators(
    ApiField({ ...CURRENCY_FORMAT, description: 'ISO 4217 three-letter currency code, upper case.', example: 'EUR' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? checkCurrency(value) : 'must be a string such as "EUR"';
    }),
  )
  currency!: string;
}
