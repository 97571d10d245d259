import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, ValidateNested } from 'class-validator';
import { characterCount, checkKeptJson, checkText } from '#libs/domain';
import { FieldCheck, isAbsent, type ValueCheck } from './field-check.js';

/**
 * The field decorators of the payments DTOs: an OpenAPI description and one FieldCheck each. Text
 * is checked after trimming (what the gateway stores); `rule` replaces the default length check
 * with a domain rule from #libs/domain.
 */

interface Documented {
  readonly description: string;
  readonly example?: unknown;
}

export interface TextOptions extends Documented {
  readonly required?: boolean;
  /** Characters after trimming. */
  readonly max: number;
  /** A domain rule for the text, given the DTO object (for rules that read a sibling field). */
  readonly rule?: (value: string, object: object) => string | undefined;
  /** A requirement that depends on other fields, checked when the value is absent. */
  readonly requiredWhen?: (object: object) => string | undefined;
}

function documented(required: boolean, options: Documented & Record<string, unknown>): PropertyDecorator {
  return required ? ApiProperty(options) : ApiPropertyOptional(options);
}

/** The bounds an accepted value's description states: a string's length, an array's entries and their length. */
export interface StatedBounds {
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly items?: { readonly maxLength?: number };
}

/**
 * The problem of a value beyond the bounds its description states, checked beside the field's
 * own rule: a bound the document gives is always one the validation holds (one source).
 */
export function boundsCheck(bounds: StatedBounds): ValueCheck {
  return (value) => {
    if (typeof value === 'string' && bounds.maxLength !== undefined && characterCount(value) > bounds.maxLength)
      return `must be at most ${bounds.maxLength} characters (it has ${characterCount(value)})`;
    if (!Array.isArray(value)) return undefined;
    if (bounds.maxItems !== undefined && value.length > bounds.maxItems)
      return `must have at most ${bounds.maxItems} entries`;
    const entryMax = bounds.items?.maxLength;
    if (entryMax === undefined) return undefined;
    const index = (value as unknown[]).findIndex(
      (entry) => typeof entry === 'string' && characterCount(entry) > entryMax,
    );
    return index === -1 ? undefined : `entry ${index} must be at most ${entryMax} characters`;
  };
}

/**
 * A field's OpenAPI description with the bounds it states enforced (boundsCheck); the field's
 * own FieldCheck decides everything else.
 */
export function ApiField(
  options: ApiPropertyOptions & StatedBounds & { readonly required?: boolean },
): PropertyDecorator {
  const { required = true, ...rest } = options;
  return applyDecorators(required ? ApiProperty(rest) : ApiPropertyOptional(rest), FieldCheck(boundsCheck(options)));
}

export function textCheck(options: Pick<TextOptions, 'required' | 'max' | 'rule' | 'requiredWhen'>): ValueCheck {
  return (value, args) => {
    if (isAbsent(value)) return options.required === true ? 'is required' : options.requiredWhen?.(args.object);
    if (typeof value !== 'string') return 'must be a string';
    return options.rule === undefined
      ? checkText(value, options.max)
      : (checkText(value, options.max) ?? options.rule(value, args.object));
  };
}

export function TextField(options: TextOptions): PropertyDecorator {
  return applyDecorators(
    documented(options.required === true, {
      type: String,
      description: options.description,
      maxLength: options.max,
      ...(options.example === undefined ? {} : { example: options.example }),
    }),
    FieldCheck(textCheck(options)),
  );
}

export function FlagField(options: Documented): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Boolean, ...options }),
    FieldCheck((value) => (isAbsent(value) || typeof value === 'boolean' ? undefined : 'must be true or false')),
  );
}

export interface ChoiceOptions extends Documented {
  readonly required?: boolean;
  readonly values: readonly string[];
  /** A further rule once the value is one of `values`. */
  readonly rule?: (value: string, object: object) => string | undefined;
}

export function ChoiceField(options: ChoiceOptions): PropertyDecorator {
  return applyDecorators(
    documented(options.required === true, {
      type: String,
      enum: [...options.values],
      description: options.description,
      ...(options.example === undefined ? {} : { example: options.example }),
    }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return options.required === true ? 'is required' : undefined;
      if (typeof value !== 'string' || !options.values.includes(value))
        return `must be one of ${options.values.join(', ')}`;
      return options.rule?.(value, args.object);
    }),
  );
}

export interface TextListOptions extends Documented {
  readonly maxEntries: number;
  readonly maxLength: number;
}

/** An array of short texts (address lines and the like). */
export function TextListField(options: TextListOptions): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', maxLength: options.maxLength },
      description: options.description,
      maxItems: options.maxEntries,
      ...(options.example === undefined ? {} : { example: options.example }),
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value)) return 'must be an array of strings';
      if (value.length > options.maxEntries) return `must have at most ${options.maxEntries} entries`;
      for (const [index, entry] of (value as unknown[]).entries()) {
        if (typeof entry !== 'string') return `must be an array of strings; entry ${index} is not a string`;
        const problem = checkText(entry, options.maxLength);
        if (problem !== undefined) return `entry ${index} ${problem}`;
      }
      return undefined;
    }),
  );
}

/**
 * Stands in for a value given for an object field that is not an object (a string, a number, an
 * array, null where the field is required): ValidateNested passes over it quietly (it is an object
 * with nothing to check) and the field's own check reports "must be an object" once.
 */
export class NotAnObject {
  @Allow()
  private readonly notAnObject?: never;
}

export interface NestedOptions<T> extends Documented {
  readonly required?: boolean;
  readonly type: () => new () => T;
  /** Runs on the transformed child with the parent's plain object (to hand the child context). */
  readonly attach?: (child: T, parent: unknown) => void;
  /** A problem of the child object as a whole (reported at the field itself). */
  readonly rule?: (child: T, object: object) => string | undefined;
}

/** A nested DTO; null counts as absent when the field is optional. */
export function NestedField<T extends object>(options: NestedOptions<T>): PropertyDecorator {
  return applyDecorators(
    documented(options.required === true, { type: options.type, description: options.description }),
    Type(options.type),
    Transform(({ value, obj }: { value: unknown; obj: unknown }) => {
      if (value === undefined || (value === null && options.required !== true)) return undefined;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return new NotAnObject();
      options.attach?.(value as T, obj);
      return value;
    }),
    ValidateNested(),
    FieldCheck((value, args) => {
      if (value === undefined) return options.required === true ? 'is required' : undefined;
      if (value instanceof NotAnObject) return 'must be an object';
      return options.rule?.(value as T, args.object);
    }),
  );
}

/** An object kept as sent (an address the gateway passes on): any fields, within the bounds of every kept object. */
export function KeptObjectField(options: Documented): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'object', additionalProperties: true, ...options }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'object' && !Array.isArray(value) ? checkKeptJson(value) : 'must be an object';
    }),
  );
}
