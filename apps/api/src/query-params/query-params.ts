import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FieldCheck, isAbsent } from '../payments/dto/field-check.js';

/**
 * The query parameters the list routes share. Fastify hands a parameter over as a string, or as
 * an array when it is repeated: these take one value, and a repeated one is refused by name.
 */

/** The problem of a parameter given more than once, if it was. */
export function onlyOnce(value: unknown): string | undefined {
  return Array.isArray(value) ? 'must be given once' : undefined;
}

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
    ApiPropertyOptional({ type: String, description: options.description, example: options.example }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'number') return onlyOnce(value) ?? options.invalid;
      return rule?.(value, args.object as Q);
    }),
  );
}

/** Required `limit`: a whole number from 1 to `max` (the lists that page with limit and offset). */
export function LimitParam(max: number, description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: Number, minimum: 1, maximum: max, description, example: 10 }),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value !== 'string') return onlyOnce(value) ?? `must be a whole number from 1 to ${max}`;
      return /^\d{1,15}$/.test(value) && Number(value) >= 1 && Number(value) <= max
        ? undefined
        : `must be a whole number from 1 to ${max}`;
    }),
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
