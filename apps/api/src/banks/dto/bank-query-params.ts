import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

/**
 * Decorators for the bank lists' query parameters. Fastify hands a parameter over as a string, or
 * as an array of strings when it repeats; these turn that into the typed value and name the
 * parameter (`$property`, dotted names included) in every 400 message.
 */

/** The longest text value, and the longest entry of a list. */
const TEXT_MAX_LENGTH = 256;

/** The most entries a list takes unless it says fewer. */
const LIST_MAX_ENTRIES = 1000;

/** `a,b` and/or `x=a&x=b` as one list; anything that is not strings is left for the validators. */
function toList(value: unknown, canonical: readonly string[] | undefined): unknown {
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  if (!parts.every((part): part is string => typeof part === 'string')) return value;
  const items = parts
    .flatMap((part) => part.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (canonical === undefined) return items;
  return items.map((item) => canonical.find((name) => name.toLowerCase() === item.toLowerCase()) ?? item);
}

export interface ListParamOptions {
  readonly description: string;
  readonly maxEntries?: number;
  /** Every entry must be one of these. */
  readonly allowed?: readonly string[];
  /** Compare entries with `allowed` ignoring case (they are answered in the canonical spelling). */
  readonly ignoreCase?: boolean;
  readonly pattern?: { readonly regex: RegExp; readonly expected: string };
}

export function ListParam(options: ListParamOptions): PropertyDecorator {
  const maxEntries = options.maxEntries ?? LIST_MAX_ENTRIES;
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({
      type: 'array',
      items: {
        type: 'string',
        ...(options.allowed === undefined ? { maxLength: TEXT_MAX_LENGTH } : { enum: [...options.allowed] }),
        ...(options.pattern === undefined ? {} : { pattern: options.pattern.regex.source }),
      },
      maxItems: maxEntries,
      description: `${options.description} A comma-separated list and/or a repeated parameter.`,
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) =>
      toList(value, options.ignoreCase === true ? options.allowed : undefined),
    ),
    IsArray({ message: '$property must be a list of strings' }),
    IsString({ each: true, message: '$property must be a list of strings' }),
    MaxLength(TEXT_MAX_LENGTH, {
      each: true,
      message: `$property entries must be at most ${TEXT_MAX_LENGTH} characters`,
    }),
    ArrayMaxSize(maxEntries, { message: `$property must have at most ${maxEntries} entries` }),
  ];
  if (options.allowed !== undefined) {
    decorators.push(
      IsIn(options.allowed, { each: true, message: `$property entries must be among ${options.allowed.join(', ')}` }),
    );
  }
  if (options.pattern !== undefined) {
    decorators.push(
      Matches(options.pattern.regex, { each: true, message: `$property entries must be ${options.pattern.expected}` }),
    );
  }
  return applyDecorators(...decorators);
}

/** A single text value (a repeated parameter is refused). */
export function TextParam(
  description: string,
  pattern?: { readonly regex: RegExp; readonly expected: string },
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      description,
      maxLength: TEXT_MAX_LENGTH,
      ...(pattern === undefined ? {} : { pattern: pattern.regex.source }),
    }),
    IsOptional(),
    IsString({ message: '$property must be given once, as text' }),
    MaxLength(TEXT_MAX_LENGTH, { message: `$property must be at most ${TEXT_MAX_LENGTH} characters` }),
    ...(pattern === undefined ? [] : [Matches(pattern.regex, { message: `$property must be ${pattern.expected}` })]),
  );
}

/** `true` or `false`, nothing else. */
export function FlagParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean({ message: '$property must be true or false' }),
  );
}

/** A whole number from 1 to `max`. */
export function PositiveIntParam(
  description: string,
  max: number,
  defaultValue: number | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      description,
      minimum: 1,
      maximum: max,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
    ),
    IsInt({ message: '$property must be a whole number' }),
    Min(1, { message: '$property must be at least 1' }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/** One of the given values, exactly. */
export function ChoiceParam(description: string, allowed: readonly string[], defaultValue: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, enum: [...allowed], default: defaultValue }),
    IsOptional(),
    IsIn(allowed, { message: `$property must be one of ${allowed.join(', ')}` }),
  );
}
