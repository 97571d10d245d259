import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { TOKEN_TYPE_FILTERS, type TokenTypeFilter } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../payments/dto/field-check.js';

/** page.limit must be less than 200 (the interface's limit). */
export const LIST_TOKENS_MAX_LIMIT = 199;

export const TOKEN_ROLE_FILTERS = ['ANY', 'FROM', 'TO', 'ISSUER'] as const;

function onlyOnce(value: unknown): string | undefined {
  return Array.isArray(value) ? 'must be given once' : undefined;
}

const digits = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;

function TextParam(description: string, maxLength: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, maxLength }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be text';
      return value === '' || value.length > maxLength ? `must have 1 to ${maxLength} characters` : undefined;
    }),
  );
}

function ChoiceParam(description: string, allowed: readonly string[]): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, enum: [...allowed], description }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' && allowed.includes(value)
        ? undefined
        : (onlyOnce(value) ?? `must be one of ${allowed.join(', ')}`);
    }),
  );
}

function TimeParam(
  description: string,
  rule?: (ms: number, query: ListTokensQuery) => string | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, example: '1767225600000' }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'number') return onlyOnce(value) ?? 'must be Unix epoch milliseconds (digits only)';
      return rule?.(value, args.object as ListTokensQuery);
    }),
  );
}

/** GET /tokens query: the parameter names are the interface's dotted ones (`page.limit`, `filter.startTimeMs`). */
export class ListTokensQuery {
  static readonly fieldPath = '';

  @ChoiceParam(
    'ACCESS tokens, TRANSFER tokens (standing orders included), or INVALID (the default): every token.',
    TOKEN_TYPE_FILTERS,
  )
  type?: TokenTypeFilter;

  @applyDecorators(
    ApiProperty({
      name: 'page.limit',
      type: Number,
      minimum: 1,
      maximum: LIST_TOKENS_MAX_LIMIT,
      description: `The maximum number of tokens to answer, 1 to ${LIST_TOKENS_MAX_LIMIT} (less than 200).`,
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      const problem = `must be a whole number from 1 to ${LIST_TOKENS_MAX_LIMIT} (less than 200)`;
      if (typeof value !== 'number') return onlyOnce(value) ?? problem;
      return value >= 1 && value <= LIST_TOKENS_MAX_LIMIT ? undefined : problem;
    }),
  )
  'page.limit'!: number;

  @TextParam('The offset of the next page, as the previous page answered it (opaque).', 512)
  'page.offset'?: string;

  @TimeParam('Only tokens created at or after this time (Unix epoch milliseconds).')
  'filter.startTimeMs'?: number;

  @TimeParam('Only tokens created at or before this time (Unix epoch milliseconds).', (end, query) => {
    const start = query['filter.startTimeMs'];
    return typeof start === 'number' && end < start ? 'must not be before filter.startTimeMs' : undefined;
  })
  'filter.endTimeMs'?: number;

  @TextParam('Only tokens made on behalf of this sub-TPP (actingAs.refId).', 128)
  'filter.actingAsRefId'?: string;

  @TextParam(
    "Accepted for compatibility: the gateway's tokens name bank account identifiers, not account ids, so it does not narrow the list.",
    256,
  )
  'filter.sourceAccountId'?: string;

  @TextParam(
    "Accepted for compatibility: the gateway's tokens name bank account identifiers, not account ids, so it does not narrow the list.",
    256,
  )
  'filter.destinationAccountId'?: string;

  @ChoiceParam(
    'Accepted for compatibility: every token listed is one the member requested (the member is its grantee), so any role lists the same tokens.',
    TOKEN_ROLE_FILTERS,
  )
  'filter.role'?: string;
}
