import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { KEPT_JSON_LIMITS, checkAmountValue, checkCurrency, checkKeptJson, checkText } from '#libs/domain';
import { FieldCheck, isAbsent, placeDto } from '../../shared/dto/field-check.js';
import { NotAnObject } from '../../shared/dto/field-decorators.js';
import { AMOUNT_VALUE_FORMAT, CURRENCY_FORMAT } from '../../shared/dto/stated-formats.js';

/**
 * Field decorators the token request needs beyond the payments ones: lists of nested objects,
 * lists of texts or codes, objects kept as sent, whole numbers and decimal amounts.
 */

interface Documented {
  readonly description: string;
  readonly example?: unknown;
}

function documented(required: boolean, options: Documented & Record<string, unknown>): PropertyDecorator {
  return required ? ApiProperty(options) : ApiPropertyOptional(options);
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface NestedListOptions<T> extends Documented {
  readonly required?: boolean;
  readonly minEntries?: number;
  readonly maxEntries: number;
  readonly type: () => new () => T;
  /** A problem of one entry as a whole (its own fields report theirs), reported at the list. */
  readonly entryRule?: (entry: T) => string | undefined;
}

/**
 * An array of nested DTOs. An entry that is not an object, or a value that is not an array, is
 * reported once at the list (`must be an array`, `entry 2 must be an object`).
 */
export function NestedListField<T extends object>(options: NestedListOptions<T>): PropertyDecorator {
  return applyDecorators(
    documented(options.required === true, {
      type: options.type,
      isArray: true,
      description: options.description,
      ...(options.minEntries === undefined ? {} : { minItems: options.minEntries }),
      maxItems: options.maxEntries,
    }),
    Type(options.type),
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || (value === null && options.required !== true)) return undefined;
      if (!Array.isArray(value)) return new NotAnObject();
      // A list past its bound keeps one entry too many (the check below reports the bound): the
      // rest are never turned into DTOs nor validated.
      return value
        .slice(0, options.maxEntries + 1)
        .map((entry: unknown) => (isObject(entry) ? entry : new NotAnObject()));
    }),
    ValidateNested({ each: true }),
    FieldCheck((value) => {
      if (value === undefined) return options.required === true ? 'is required' : undefined;
      if (!Array.isArray(value)) return 'must be an array';
      const min = options.minEntries ?? 0;
      if (value.length < min) return `must have at least ${min} ${min === 1 ? 'entry' : 'entries'}`;
      if (value.length > options.maxEntries) return `must have at most ${options.maxEntries} entries`;
      for (const [index, entry] of (value as unknown[]).entries()) {
        if (entry instanceof NotAnObject) return `entry ${index} must be an object`;
        const problem = options.entryRule?.(entry as T);
        if (problem !== undefined) return `entry ${index} ${problem}`;
      }
      return undefined;
    }),
  );
}

export interface ValueListOptions extends Documented {
  readonly required?: boolean;
  readonly minEntries?: number;
  readonly maxEntries: number;
  /** The problem of one entry (a string), or undefined. */
  readonly entryRule: (entry: string) => string | undefined;
  readonly values?: readonly string[];
  /** The longest entry, as sent (lists of `values` are bounded by them). */
  readonly entryMaxLength?: number;
}

/** An array of strings, each checked by `entryRule`. */
export function ValueListField(options: ValueListOptions): PropertyDecorator {
  return applyDecorators(
    documented(options.required === true, {
      type: 'array',
      items: {
        type: 'string',
        ...(options.values === undefined ? {} : { enum: [...options.values] }),
        ...(options.entryMaxLength === undefined ? {} : { maxLength: options.entryMaxLength }),
      },
      description: options.description,
      maxItems: options.maxEntries,
      ...(options.minEntries === undefined ? {} : { minItems: options.minEntries }),
      ...(options.example === undefined ? {} : { example: options.example }),
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return options.required === true ? 'is required' : undefined;
      if (!Array.isArray(value)) return 'must be an array of strings';
      const min = options.minEntries ?? 0;
      if (value.length < min) return `must have at least ${min} ${min === 1 ? 'entry' : 'entries'}`;
      if (value.length > options.maxEntries) return `must have at most ${options.maxEntries} entries`;
      for (const [index, entry] of (value as unknown[]).entries()) {
        if (typeof entry !== 'string') return `entry ${index} must be a string`;
        if (options.entryMaxLength !== undefined && entry.length > options.entryMaxLength)
          return `entry ${index} must be at most ${options.entryMaxLength} characters`;
        const problem = options.entryRule(entry);
        if (problem !== undefined) return `entry ${index} ${problem}`;
      }
      return undefined;
    }),
  );
}

/** A list entry that is one of `values`. */
export function oneOf(values: readonly string[]): (entry: string) => string | undefined {
  return (entry) => (values.includes(entry) ? undefined : `must be one of ${values.join(', ')} (it is ${entry})`);
}

/** A list entry that is a text of at most `max` characters. */
export function textOfAtMost(max: number): (entry: string) => string | undefined {
  return (entry) => checkText(entry, max);
}

/**
 * An object the gateway keeps as sent without acting on its fields (bank-specific metadata and the
 * like), within the bounds of every kept object (KEPT_JSON_LIMITS: entries, text lengths, depth).
 */
export function KeptObjectField(options: Documented): PropertyDecorator {
  const { maxEntries, maxTextLength, maxDepth } = KEPT_JSON_LIMITS;
  return applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      maxProperties: maxEntries,
      description: `${options.description} At most ${maxEntries} keys or list entries at each level, texts of at most ${maxTextLength} characters, ${maxDepth} levels deep.`,
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return isObject(value) ? checkKeptJson(value) : 'must be an object';
    }),
  );
}

export interface WholeNumberOptions extends Documented {
  readonly min: number;
  readonly max: number;
}

export function WholeNumberField(options: WholeNumberOptions): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      description: options.description,
      minimum: options.min,
      maximum: options.max,
      ...(options.example === undefined ? {} : { example: options.example }),
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'number' && Number.isInteger(value) && value >= options.min && value <= options.max
        ? undefined
        : `must be a whole number from ${options.min} to ${options.max}`;
    }),
  );
}

/** An ISO 4217 currency code. */
export function CurrencyField(options: Documented): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ ...CURRENCY_FORMAT, ...options }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' ? checkCurrency(value) : 'must be a string such as "EUR"';
    }),
  );
}

/** A decimal amount string in the currency of the sibling field `currency` (when that one is valid). */
export function DecimalAmountField(options: Documented): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ ...AMOUNT_VALUE_FORMAT, ...options }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return 'is required';
      if (typeof value !== 'string')
        return 'must be a string such as "10.50" (amounts are decimal strings, not JSON numbers)';
      const currency = (args.object as { readonly currency?: unknown }).currency;
      return checkAmountValue(
        value,
        typeof currency === 'string' && checkCurrency(currency) === undefined ? currency : undefined,
      );
    }),
  );
}

/**
 * Places every DTO instance under `object` at its path in the request (array entries by index),
 * so their messages name where they are: `requestPayload.transferBody.instructions.transferDestinations.0.sepa.iban`.
 */
export function placeTree(object: object, path: string): void {
  placeDto(object, path);
  for (const [key, value] of Object.entries(object)) {
    const at = `${path}.${key}`;
    if (Array.isArray(value)) {
      value.forEach((entry: unknown, index) => {
        if (isInstance(entry)) placeTree(entry, `${at}.${index}`);
      });
    } else if (isInstance(value)) placeTree(value, at);
  }
}

/** A DTO instance (not a plain object kept as sent). */
function isInstance(value: unknown): value is object {
  return isObject(value) && Object.getPrototypeOf(value) !== Object.prototype;
}
