import { BankCatalogueError } from './bank-catalogue-error.js';

export type RawObject = Readonly<Record<string, unknown>>;

export function isRawObject(value: unknown): value is RawObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A check of one value: the value typed when fine, else what is wrong (without the field name). */
export type ValueCheck<T> = (value: unknown) => { readonly ok: T } | { readonly problem: string };

export function textMatching(pattern: RegExp, expected: string): ValueCheck<string> {
  return (value) =>
    typeof value === 'string' && pattern.test(value)
      ? { ok: value }
      : { problem: `must be ${expected} (got ${JSON.stringify(value)})` };
}

export function oneOf<T extends string>(allowed: readonly T[]): ValueCheck<T> {
  return (value) =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value)
      ? { ok: value as T }
      : { problem: `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})` };
}

export function integerAtLeast(min: number, also: readonly number[] = []): ValueCheck<number> {
  const allowed = also.length === 0 ? `an integer >= ${min}` : `${also.join(' or ')} or an integer >= ${min}`;
  return (value) =>
    typeof value === 'number' && Number.isInteger(value) && (value >= min || also.includes(value))
      ? { ok: value }
      : { problem: `must be ${allowed} (got ${JSON.stringify(value)})` };
}

export const isBoolean: ValueCheck<boolean> = (value) =>
  typeof value === 'boolean' ? { ok: value } : { problem: `must be true or false (got ${JSON.stringify(value)})` };

export function httpUrl(): ValueCheck<string> {
  return (value) => {
    if (typeof value !== 'string') return { problem: `must be an http(s) URL (got ${JSON.stringify(value)})` };
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return { ok: value };
    } catch {
      // reported below
    }
    return { problem: `must be an absolute http(s) URL (got ${JSON.stringify(value)})` };
  };
}

/**
 * Reads the fields of one catalogue entry. Every failure throws a BankCatalogueError naming the
 * bank and the field; `rejectUnknown` then refuses any field that was not read (typos).
 */
export class CatalogueEntryReader {
  private readonly read = new Set<string>();

  constructor(
    private readonly source: string,
    private bank: string,
    private readonly raw: RawObject,
    /** Path of `raw` inside the entry (`connector.`), for nested mappings. */
    private readonly prefix = '',
  ) {}

  /** A reader of the mapping in `field`, failing with the same bank and `field.<name>` paths. */
  nested(field: string, required: boolean): CatalogueEntryReader | undefined {
    const value = this.object(field, required);
    return value === undefined
      ? undefined
      : new CatalogueEntryReader(this.source, this.bank, value, `${this.prefix}${field}.`);
  }

  has(field: string): boolean {
    return this.raw[field] !== undefined && this.raw[field] !== null;
  }

  /** From now on failures name the bank by its id. */
  identify(id: string): void {
    this.bank = JSON.stringify(id);
  }

  fail(field: string, problem: string): never {
    throw new BankCatalogueError(this.source, this.bank, `${this.prefix}${field}`, problem);
  }

  required<T>(field: string, check: ValueCheck<T>): T {
    const value = this.take(field);
    if (value === undefined || value === null) this.fail(field, 'is required');
    return this.checked(field, value, check);
  }

  optional<T>(field: string, check: ValueCheck<T>): T | undefined {
    const value = this.take(field);
    return value === undefined || value === null ? undefined : this.checked(field, value, check);
  }

  /** A list of values, each checked, at least `min` of them, distinct unless `repeats`. Absent reads as empty. */
  list<T>(field: string, check: ValueCheck<T>, options: { readonly min: number; readonly repeats?: boolean }): T[] {
    const value = this.take(field) ?? [];
    if (!Array.isArray(value)) this.fail(field, `must be a list (got ${JSON.stringify(value)})`);
    if (value.length < options.min)
      this.fail(field, `must have at least ${options.min} entr${options.min === 1 ? 'y' : 'ies'}`);
    const items = value.map((item: unknown, index) => this.checked(`${field}[${index}]`, item, check));
    const duplicate = items.find((item, index) => items.indexOf(item) !== index);
    if (options.repeats !== true && duplicate !== undefined)
      this.fail(field, `lists ${JSON.stringify(duplicate)} twice`);
    return items;
  }

  object(field: string, required: boolean): RawObject | undefined {
    const value = this.take(field);
    if (value === undefined || value === null) return required ? this.fail(field, 'is required') : undefined;
    if (!isRawObject(value)) this.fail(field, `must be a mapping (got ${JSON.stringify(value)})`);
    return value;
  }

  rejectUnknown(): void {
    const unknown = Object.keys(this.raw).find((key) => !this.read.has(key));
    if (unknown !== undefined) this.fail(unknown, 'is not a catalogue field');
  }

  private take(field: string): unknown {
    this.read.add(field);
    return this.raw[field];
  }

  private checked<T>(field: string, value: unknown, check: ValueCheck<T>): T {
    const result = check(value);
    if ('problem' in result) this.fail(field, result.problem);
    return result.ok;
  }
}
