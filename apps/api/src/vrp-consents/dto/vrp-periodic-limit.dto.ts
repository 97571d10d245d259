import { applyDecorators } from '@nestjs/common';
import { checkAmountValue, checkCurrency, VRP_PERIOD_ALIGNMENTS, VRP_PERIOD_TYPES } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ApiField, ChoiceField } from '../../shared/dto/field-decorators.js';
import { AMOUNT_VALUE_FORMAT } from '../../shared/dto/stated-formats.js';
import { railContextOf } from '../../shared/dto/rail-context.js';

/**
 * A decimal amount string of the consent's currency (the initiation hands its currency over as
 * the rail context): above 0, at most the currency's minor units.
 */
export function VrpAmountField(options: {
  readonly description: string;
  readonly required: boolean;
}): PropertyDecorator {
  return applyDecorators(
    ApiField({
      ...AMOUNT_VALUE_FORMAT,
      description: options.description,
      required: options.required,
      example: '100.00',
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return options.required ? 'is required' : undefined;
      if (typeof value !== 'string') return 'must be a decimal string such as "100.00"';
      // A periodic limit reads the currency its initiation handed over; the initiation its own field.
      const own = (args.object as { readonly currency?: unknown }).currency;
      const currency = railContextOf(args.object).currency ?? (typeof own === 'string' ? own : undefined);
      return checkAmountValue(
        value,
        currency !== undefined && checkCurrency(currency) === undefined ? currency : undefined,
      );
    }),
  );
}

/** One entry of initiation.periodicLimits (placed at its index when the request is read). */
export class VrpPeriodicLimitDto {
  @VrpAmountField({ description: 'The most all payments of one period may add up to.', required: true })
  maximumAmount!: string;

  @ChoiceField({ description: 'The period.', required: true, values: VRP_PERIOD_TYPES, example: 'MONTH' })
  periodType!: string;

  @ChoiceField({
    description: 'Whether periods start on the consent’s start date (CONSENT, the default) or follow the calendar.',
    values: VRP_PERIOD_ALIGNMENTS,
    example: 'CONSENT',
  })
  periodAlignment?: string;
}
