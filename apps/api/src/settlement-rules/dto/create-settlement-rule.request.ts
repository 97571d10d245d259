import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateSettlementRuleCommand } from '#libs/application';
import {
  AMOUNT_VALUE_MAX_LENGTH,
  RULE_DESCRIPTION_MAX_LENGTH,
  SETTLEMENT_RULE_AMOUNT_TYPES,
  SETTLEMENT_RULE_TIME_INTERVALS,
  checkIntradayHours,
  checkIntradayMinutes,
  checkRuleDescription,
  parseEffectiveTime,
  type MemberId,
  type PayeeAccount,
  type SettlementRuleAmountType,
  type SettlementRuleTimeInterval,
} from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ApiField, ChoiceField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { DATE_TIME_MAX_LENGTH } from '../../shared/dto/stated-formats.js';
import { PayeeAccountDetailsDto } from './payee-account-details.dto.js';

function IntegerField(
  description: string,
  required: boolean,
  [minimum, maximum]: readonly [number, number],
  check: (value: unknown) => string | undefined,
) {
  return applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: Number,
      format: 'int32',
      minimum,
      maximum,
      description,
      example: 2,
    }),
    FieldCheck((value) => (isAbsent(value) ? (required ? 'is required' : undefined) : check(value))),
  );
}

function EffectiveTimeField(description: string, rule?: (date: Date, body: object) => string | undefined) {
  return applyDecorators(
    ApiField({
      type: String,
      required: false,
      maxLength: DATE_TIME_MAX_LENGTH,
      description,
      example: '2027-01-01T12:34:56Z',
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      const date = typeof value === 'string' ? parseEffectiveTime(value) : undefined;
      if (date === undefined) return 'must be a date and time YYYY-MM-DDTHH:MM:SSZ (or a date YYYY-MM-DD)';
      return rule?.(date, args.object);
    }),
  );
}

/** The reference's CreateVirtualAccountSettlementRuleRequest. */
export class CreateSettlementRuleRequest {
  static readonly fieldPath = '';

  @TextField({
    description: 'The settlement account: the one of the path.',
    required: true,
    max: 256,
    example: 'pa:8DbPteGnytmMbKXdnWTReeRB6cYWKXZ84JgLTBC7fKL4:5zKcENpV',
  })
  accountId!: string;

  @NestedField({ description: 'The account paid by the rule.', required: true, type: () => PayeeAccountDetailsDto })
  payeeAccountDetails!: PayeeAccountDetailsDto;

  @ChoiceField({
    description:
      'FIXED_VALUE pays amountValue; PERCENTAGE pays amountValue percent of the available balance; BALANCE_TO_RETAIN pays all above amountValue.',
    required: true,
    values: SETTLEMENT_RULE_AMOUNT_TYPES,
    example: 'FIXED_VALUE',
  })
  amountType!: string;

  @applyDecorators(
    ApiField({
      type: String,
      maxLength: AMOUNT_VALUE_MAX_LENGTH,
      description: 'The amount, percentage, or balance to retain.',
      example: '10.00',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? undefined : 'must be a decimal string such as "10.00"';
    }),
  )
  amountValue!: string;

  @ChoiceField({
    description: 'How often the rule runs.',
    required: true,
    values: SETTLEMENT_RULE_TIME_INTERVALS,
    example: 'DAILY',
  })
  timeInterval!: string;

  @EffectiveTimeField('When the rule starts; its runs are counted from here (from its creation when absent).')
  effectiveFrom?: string;

  @EffectiveTimeField('When the rule ends: no run after it.', (to, body) => {
    const fromText = (body as CreateSettlementRuleRequest).effectiveFrom;
    const from = typeof fromText === 'string' ? parseEffectiveTime(fromText) : undefined;
    return from !== undefined && to.getTime() <= from.getTime() ? 'must be after effectiveFrom' : undefined;
  })
  effectiveTo?: string;

  @IntegerField(
    'The hours of an INTRADAY interval (0 to 24; required, read for INTRADAY only).',
    true,
    [0, 24],
    checkIntradayHours,
  )
  intradayIntervalHours!: number;

  @IntegerField('The minutes of an INTRADAY interval (0 to 59).', false, [0, 59], checkIntradayMinutes)
  intradayIntervalMinutes?: number;

  @applyDecorators(
    ApiPropertyOptional({
      type: String,
      maxLength: RULE_DESCRIPTION_MAX_LENGTH,
      pattern: '^[a-zA-Z0-9-.&/ ]+$',
      description: 'The description of the payouts the rule makes.',
      example: 'Auto Payout',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' ? checkRuleDescription(value) : 'must be a string';
    }),
  )
  description?: string;
}

function payeeOf(dto: PayeeAccountDetailsDto): PayeeAccount {
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => typeof value === 'string'));
}

export function toCreateSettlementRuleCommand(
  memberId: MemberId,
  accountId: string,
  body: CreateSettlementRuleRequest,
): CreateSettlementRuleCommand {
  const effectiveFrom = body.effectiveFrom === undefined ? undefined : parseEffectiveTime(body.effectiveFrom);
  const effectiveTo = body.effectiveTo === undefined ? undefined : parseEffectiveTime(body.effectiveTo);
  return {
    memberId,
    accountId,
    bodyAccountId: body.accountId.trim(),
    payee: payeeOf(body.payeeAccountDetails),
    amountType: body.amountType as SettlementRuleAmountType,
    amountValue: body.amountValue,
    timeInterval: body.timeInterval as SettlementRuleTimeInterval,
    intradayHours: body.intradayIntervalHours,
    ...(body.intradayIntervalMinutes === undefined || body.intradayIntervalMinutes === null
      ? {}
      : { intradayMinutes: body.intradayIntervalMinutes }),
    ...(effectiveFrom === undefined ? {} : { effectiveFrom }),
    ...(effectiveTo === undefined ? {} : { effectiveTo }),
    ...(body.description === undefined || body.description === null ? {} : { description: body.description }),
  };
}
