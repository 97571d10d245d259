import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { CreatePaymentLinkCommand, OnBehalfOfMember } from '#libs/application';
import {
  AMOUNT_VALUE_MAX_LENGTH,
  CALLBACK_URL_MAX_LENGTH,
  CHARGE_BEARERS,
  checkAmountValue,
  checkCallbackUrl,
  checkCurrency,
} from '#libs/domain';
import { CreditorDto } from '../../shared/dto/creditor.dto.js';
import { FieldCheck, isAbsent, placeDto } from '../../shared/dto/field-check.js';
import { ApiField, ChoiceField, FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { AMOUNT_VALUE_FORMAT, CURRENCY_FORMAT, DATE_TIME_FORMAT } from '../../shared/dto/stated-formats.js';
import { REQUESTED_LOCAL_INSTRUMENTS, attachRailContext } from '../../shared/dto/rail-context.js';

/** The reference's LinkConfig amount pattern: digits with at most 2 fraction digits. */
const LIMIT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** paymentTemplate.amount: the currency always; the value only for a fixed amount. */
export class PaymentTemplateAmountDto {
  static readonly fieldPath = 'paymentTemplate.amount';

  @applyDecorators(
    ApiField({ ...CURRENCY_FORMAT, description: 'ISO 4217 code.', example: 'GBP' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? checkCurrency(value) : 'must be a string such as "GBP"';
    }),
  )
  currency!: string;

  @applyDecorators(
    ApiField({
      ...AMOUNT_VALUE_FORMAT,
      required: false,
      description: 'The fixed amount (decimal string above 0); omit it for a link where the payer enters the amount.',
      example: '10.50',
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return 'must be a string such as "10.50"';
      const currency = (args.object as PaymentTemplateAmountDto).currency;
      return checkAmountValue(
        value,
        typeof currency === 'string' && checkCurrency(currency) === undefined ? currency : undefined,
      );
    }),
  )
  value?: string;
}

/** The reference's PaymentTemplate: what each payment made through the link initiates. */
export class PaymentTemplateDto {
  static readonly fieldPath = 'paymentTemplate';

  @NestedField({
    description: 'Currency, and the value for a fixed amount.',
    required: true,
    type: () => PaymentTemplateAmountDto,
  })
  amount!: PaymentTemplateAmountDto;

  @ChoiceField({
    description: 'The rail.',
    required: true,
    values: REQUESTED_LOCAL_INSTRUMENTS,
    example: 'FASTER_PAYMENTS',
  })
  localInstrument!: string;

  @NestedField({
    description: 'The payee.',
    required: true,
    type: () => CreditorDto,
    attach: (child, parent) => {
      placeDto(child, 'paymentTemplate.creditor');
      attachRailContext(child, parent);
    },
  })
  creditor!: CreditorDto;

  @TextField({
    description: 'Base reference of each payment (a unique suffix is added per use).',
    required: true,
    max: 13,
    example: 'ORDER-4711',
  })
  refId!: string;

  @TextField({ description: 'Remittance information shown to the payer.', max: 35, example: 'ORDER 4711' })
  remittanceInformationPrimary?: string;

  @TextField({ description: 'Further remittance information.', max: 140 })
  remittanceInformationSecondary?: string;

  @TextField({ description: "The member's reference of the payer.", max: 256 })
  externalPsuReference?: string;

  @TextField({
    description:
      'Where the payer returns after each payment (https, not under the gateway’s own host). Required here: every payment of the link needs it.',
    required: true,
    max: CALLBACK_URL_MAX_LENGTH,
    rule: (value) => checkCallbackUrl(value),
    example: 'https://tpp.example/callback',
  })
  callbackUrl!: string;

  @ChoiceField({ description: 'Who bears the charges.', values: CHARGE_BEARERS })
  chargeBearer?: string;

  @FlagField({ description: 'Fund confirmation check.' })
  confirmFunds?: boolean;

  @FlagField({ description: 'Return refund account information.' })
  returnRefundAccount?: boolean;

  @TextField({ description: 'The sub-TPP the link is made for.', max: 128 })
  onBehalfOfId?: string;
}

function LimitField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiField({
      type: String,
      required: false,
      description,
      maxLength: AMOUNT_VALUE_MAX_LENGTH,
      pattern: LIMIT_PATTERN.source,
      example: '100.00',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string' || !LIMIT_PATTERN.test(value))
        return 'must be a decimal string with at most 2 fraction digits, such as "100.00"';
      return Number(value) > 0 ? undefined : 'must be above 0';
    }),
  );
}

/** The reference's LinkConfig. */
export class LinkConfigDto {
  static readonly fieldPath = 'linkConfig';

  @applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'How many payments the link allows (default 10000000).',
      example: 2,
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647
        ? undefined
        : 'must be a whole number from 1 to 2147483647';
    }),
  )
  maxUsageCount?: number;

  @LimitField('The most one payment may be (payer-chosen amounts).')
  perPaymentAmountLimit?: string;

  @LimitField('The most all payments together may be.')
  totalAmountLimit?: string;

  @applyDecorators(
    ApiField({ ...DATE_TIME_FORMAT, required: false, description: 'When the link expires (in the future).' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value)))
        return 'must be an ISO 8601 date-time';
      return undefined;
    }),
  )
  expiresAt?: string;
}

/** POST /v2/payment-links: the reference's CreatePaymentLinkRequest. */
export class CreatePaymentLinkRequest {
  static readonly fieldPath = '';

  @NestedField({ description: 'The payment each use makes.', required: true, type: () => PaymentTemplateDto })
  paymentTemplate!: PaymentTemplateDto;

  @NestedField({ description: 'Uses, limits and expiry.', type: () => LinkConfigDto })
  linkConfig?: LinkConfigDto;
}

/** The request as a command; the raw body keeps the template exactly as sent. */
export function toCreatePaymentLinkCommand(
  member: OnBehalfOfMember,
  body: CreatePaymentLinkRequest,
  raw: unknown,
): CreatePaymentLinkCommand {
  const template = (raw as { paymentTemplate: CreatePaymentLinkCommand['paymentTemplate'] }).paymentTemplate;
  const config = body.linkConfig;
  return {
    memberId: member.memberId,
    regulated: member.regulated,
    paymentTemplate: template,
    linkConfig: {
      ...(config?.maxUsageCount === undefined || config.maxUsageCount === null
        ? {}
        : { maxUsageCount: config.maxUsageCount }),
      ...(isAbsent(config?.perPaymentAmountLimit) ? {} : { perPaymentAmountLimit: config.perPaymentAmountLimit }),
      ...(isAbsent(config?.totalAmountLimit) ? {} : { totalAmountLimit: config.totalAmountLimit }),
      ...(isAbsent(config?.expiresAt) ? {} : { expiresAt: new Date(config.expiresAt) }),
    },
  };
}
