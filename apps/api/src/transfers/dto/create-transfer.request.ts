import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { checkAmountValue, checkCurrency, checkRefId } from '#libs/domain';
import type { RedeemTransferCommand } from '#libs/application';
import type { MemberId, TransferDestinationInput } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { FlagField, NestedField, TextField } from '../../shared/dto/field-decorators.js';
import { AMOUNT_VALUE_FORMAT, CURRENCY_FORMAT } from '../../shared/dto/stated-formats.js';

/** The most transfer destinations a payload may repeat (a token request names them). */
const MAX_DESTINATIONS = 10;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** payload.amount: a decimal string value and an ISO 4217 currency (the token's). */
export class TransferAmountDto {
  static readonly fieldPath = 'payload.amount';

  @applyDecorators(
    ApiProperty({
      ...AMOUNT_VALUE_FORMAT,
      description:
        'Decimal string above 0 with at most 4 fraction digits (and no more than the currency has); at most what the token has left to pay; at a UK Open Banking bank exactly the amount the user authorised.',
      example: '10.50',
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return 'is required';
      if (typeof value !== 'string')
        return 'must be a string such as "10.50" (amounts are decimal strings, not JSON numbers)';
      const currency = (args.object as TransferAmountDto).currency;
      return checkAmountValue(
        value,
        typeof currency === 'string' && checkCurrency(currency) === undefined ? currency : undefined,
      );
    }),
  )
  value!: string;

  @applyDecorators(
    ApiProperty({ ...CURRENCY_FORMAT, description: "ISO 4217 code; must be the token's currency.", example: 'GBP' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? checkCurrency(value) : 'must be a string such as "GBP"';
    }),
  )
  currency!: string;
}

/** POST /transfers `payload`: the reference's TransferPayloadRequest. */
export class TransferPayloadRequestDto {
  static readonly fieldPath = 'payload';

  @TextField({
    required: true,
    max: 128,
    description: 'The transfer token to redeem (the token request result’s tokenId).',
    example: 'tt:4QhGkKxXR7bVnA2Jm9sDcP8wLzEuY3tF',
  })
  tokenId!: string;

  @NestedField({
    description:
      "What the transfer pays. Omitted: what the token has left to pay (its lifetime amount if it has paid nothing). The currency must be the token's.",
    type: () => TransferAmountDto,
  })
  amount?: TransferAmountDto;

  @TextField({
    max: 18,
    rule: (value) => checkRefId(value),
    description: "The transfer's reference, at most 18 characters. Omitted: the token request's refId.",
    example: 'inv-2026-0001',
  })
  refId?: string;

  @TextField({
    max: 255,
    description:
      "Must match the token request's description; must be omitted when the token request had none. Omitted, the transfer's description is its refId.",
  })
  description?: string;

  @FlagField({ description: 'Requests confirmation that sufficient funds are available.' })
  confirmFunds?: boolean;

  @applyDecorators(
    ApiPropertyOptional({ type: Object, description: 'The instructions metadata (as a token request’s).' }),
    FieldCheck((value) => (isAbsent(value) || isPlainObject(value) ? undefined : 'must be an object')),
  )
  metadata?: Record<string, unknown>;

  @applyDecorators(
    ApiPropertyOptional({
      type: [Object],
      maxItems: MAX_DESTINATIONS,
      description:
        "The token request's transfer destinations, repeated (the bank's consent names them and cannot be changed); omit to use them.",
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value)) return 'must be an array of transfer destinations';
      if (value.length > MAX_DESTINATIONS) return `must have at most ${MAX_DESTINATIONS} entries`;
      const bad = (value as unknown[]).findIndex((entry) => !isPlainObject(entry));
      return bad === -1 ? undefined : `entry ${bad} must be an object`;
    }),
  )
  transferDestinations?: TransferDestinationInput[];
}

/** POST /transfers body: the reference's CreateTransferRequest. */
export class CreateTransferRequest {
  static readonly fieldPath = '';

  @NestedField({
    required: true,
    description: 'The transfer to make with a transfer token.',
    type: () => TransferPayloadRequestDto,
  })
  payload!: TransferPayloadRequestDto;
}

/** The validated body as the use case takes it. */
export function toRedeemTransferCommand(memberId: MemberId, body: CreateTransferRequest): RedeemTransferCommand {
  const payload = body.payload;
  return {
    memberId,
    tokenId: payload.tokenId,
    ...(payload.amount === undefined
      ? {}
      : { amount: { value: payload.amount.value, currency: payload.amount.currency } }),
    ...(payload.refId === undefined || payload.refId === null ? {} : { refId: payload.refId }),
    ...(payload.description === undefined || payload.description === null ? {} : { description: payload.description }),
    ...(payload.confirmFunds === undefined || payload.confirmFunds === null
      ? {}
      : { confirmFunds: payload.confirmFunds }),
    ...(isPlainObject(payload.metadata) ? { metadata: payload.metadata } : {}),
    ...(Array.isArray(payload.transferDestinations) ? { transferDestinations: payload.transferDestinations } : {}),
  };
}
