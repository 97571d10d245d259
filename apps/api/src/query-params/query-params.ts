import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FieldCheck, isAbsent } from '../shared/dto/field-check.js';
import { DATE_FORMAT } from '../shared/dto/stated-formats.js';

/**
 * The query parameters the list routes share. Fastify hands a parameter over as a string, or as
 * an array when it is repeated: these take one value, and a repeated one is refused by name.
 */

/** The problem of a parameter given more than once, if it was. */
export function onlyOnce(value: unknown): string | undefined {
  return Array.isArray(value) ? 'must be given once' : undefined;
}

/** Unix epoch milliseconds as the document states them: up to 15 digits (what `digits` reads). */
export const EPOCH_MS_FORMAT = { type: String, maxLength: 15, pattern: '^\\d{1,15}$' } as const;

/** Up to 15 digits as a number; anything else as it came (the check then names the problem). */
const digits = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;

/** Optional text of 1 to `maxLength` characters. */
export function TextParam(description: string, maxLength = 256): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, maxLength }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be text';
      return value === '' || value.length > maxLength ? `must have 1 to ${maxLength} characters` : undefined;
    }),
  );
}

/** Optional: one of `allowed`. */
export function ChoiceParam(description: string, allowed: readonly string[]): PropertyDecorator {
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

/**
 * Optional Unix epoch milliseconds (digits); `invalid` is the problem of anything else, `rule`
 * a check against the rest of the query (an end not before its start).
 */
export function EpochMsParam<Q>(
  options: { readonly description: string; readonly example: string; readonly invalid: string },
  rule?: (ms: number, query: Q) => string | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ ...EPOCH_MS_FORMAT, description: options.description, example: options.example }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'number') return onlyOnce(value) ?? options.invalid;
      return rule?.(value, args.object as Q);
    }),
  );
}

/** The problem of a `limit` value that is given: a whole number from 1 to `max`, once. */
function limitProblem(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return onlyOnce(value) ?? `must be a whole number from 1 to ${max}`;
  return /^\d{1,15}$/.test(value) && Number(value) >= 1 && Number(value) <= max
    ? undefined
    : `must be a whole number from 1 to ${max}`;
}

/** Required `limit`: a whole number from 1 to `max` (the lists that page with limit and offset). */
export function LimitParam(max: number, description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: Number, minimum: 1, maximum: max, description, example: 10 }),
    FieldCheck((value) => (isAbsent(value) || value === '' ? 'is required' : limitProblem(value, max))),
  );
}

/** Optional `limit`: when given, a whole number from 1 to `max`; the route's default when absent. */
export function OptionalLimitParam(max: number, description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: max, description, example: 10 }),
    FieldCheck((value) => (isAbsent(value) ? undefined : limitProblem(value, max))),
  );
}

/** Required `page.limit`: a whole number from 1 to `max` (the interface's "less than 200"). */
export function PageLimitParam(max: number, description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ name: 'page.limit', type: Number, minimum: 1, maximum: max, description, example: 10 }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value === 'number' && value >= 1 && value <= max) return undefined;
      return onlyOnce(value) ?? `must be a whole number from 1 to ${max} (less than 200)`;
    }),
  );
}

/** The most values a list parameter takes, unless a route says fewer. */
const LIST_MAX_ENTRIES = 1000;

/** The longest entry of a list parameter. */
export const LIST_ENTRY_MAX_LENGTH = 256;

/** Optional list of strings (repeat the parameter), each of 1 to 256 characters, from `allowed` when given. */
export function ListParam(
  description: string,
  allowed?: readonly string[],
  maxEntries = LIST_MAX_ENTRIES,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: {
        type: 'string',
        ...(allowed === undefined ? { maxLength: LIST_ENTRY_MAX_LENGTH } : { enum: [...allowed] }),
      },
      maxItems: maxEntries,
      description: `${description} Repeat the parameter for several values.`,
    }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value)),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string'))
        return 'must be a list of strings';
      if (value.length > maxEntries) return `must have at most ${maxEntries} entries`;
      if (value.some((entry) => entry === '' || entry.length > LIST_ENTRY_MAX_LENGTH))
        return `entries must have 1 to ${LIST_ENTRY_MAX_LENGTH} characters`;
      const unknown = allowed === undefined ? [] : value.filter((entry) => !allowed.includes(entry));
      return unknown.length > 0
        ? `has unknown values ${unknown.slice(0, 5).join(', ')}; allowed: ${allowed?.join(', ') ?? ''}`
        : undefined;
    }),
  );
}

/** Optional `true` or `false`. */
export function FlagParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    FieldCheck((value) =>
      isAbsent(value) || typeof value === 'boolean' ? undefined : (onlyOnce(value) ?? 'must be true or false'),
    ),
  );
}

/** YYYY-MM-DD as the UTC midnight it starts, or undefined for anything else (or a day that does not exist). */
export function parseUtcDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value) ? date : undefined;
}

/** Optional date YYYY-MM-DD (UTC), with a further rule over the date and the whole query. */
export function DateParam<Q>(
  description: string,
  rule?: (date: Date, query: Q) => string | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ ...DATE_FORMAT, description, example: '2026-01-31' }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      const date = typeof value === 'string' ? parseUtcDate(value) : undefined;
      if (date === undefined) return onlyOnce(value) ?? 'must be a date YYYY-MM-DD';
      return rule?.(date, args.object as Q);
    }),
  );
}

/** Optional end date YYYY-MM-DD (UTC) of a date range: never before the query's `startDate`. */
export function EndDateParam(description: string): PropertyDecorator {
  return DateParam<{ startDate?: unknown }>(description, (end, query) => {
    const start = typeof query.startDate === 'string' ? parseUtcDate(query.startDate) : undefined;
    return start !== undefined && end < start ? 'must not be before startDate' : undefined;
  });
}

/** The filters the interface's lists share: ids and statuses (each with its invert flag) and refIds, as given. */
export function sharedListFilter(query: {
  readonly ids?: string[];
  readonly invertIds?: boolean;
  readonly statuses?: string[];
  readonly invertStatuses?: boolean;
  readonly refIds?: string[];
}): {
  ids?: string[];
  invertIds?: boolean;
  statuses?: string[];
  invertStatuses?: boolean;
  refIds?: string[];
} {
  return {
    ...(query.ids === undefined ? {} : { ids: query.ids, invertIds: query.invertIds === true }),
    ...(query.statuses === undefined
      ? {}
      : { statuses: query.statuses, invertStatuses: query.invertStatuses === true }),
    ...(query.refIds === undefined ? {} : { refIds: query.refIds }),
  };
}

/** startDate..endDate (UTC days, both inclusive) as the instants [from, before), each only when given. */
export function utcDayRange(query: { readonly startDate?: string; readonly endDate?: string }): {
  from?: Date;
  before?: Date;
} {
  const start = query.startDate === undefined ? undefined : parseUtcDate(query.startDate);
  const end = query.endDate === undefined ? undefined : parseUtcDate(query.endDate);
  return {
    ...(start === undefined ? {} : { from: start }),
    ...(end === undefined ? {} : { before: new Date(end.getTime() + 86_400_000) }),
  };
}
