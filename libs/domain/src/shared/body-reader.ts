import { fieldProblem, type FieldProblem } from './field-problem.js';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface TextOptions {
  readonly required: boolean;
  readonly max: number;
}

/**
 * Reads a request body's fields one by one, collecting every problem with its path. With `trim`,
 * texts are answered (and measured against their maximum) without their surrounding spaces.
 */
export class BodyReader {
  readonly problems: FieldProblem[] = [];

  constructor(private readonly options: { readonly trim: boolean } = { trim: false }) {}

  /** A text field: required or not, never blank, at most `max` characters. */
  text(object: JsonObject, field: string, path: string, options: TextOptions): string | undefined {
    const value = object[field];
    if (value === undefined || value === null) {
      if (options.required) this.problems.push(fieldProblem(path, 'is required', 'required'));
      return undefined;
    }
    if (typeof value !== 'string') {
      this.problems.push(fieldProblem(path, 'must be a string'));
      return undefined;
    }
    const text = this.options.trim ? value.trim() : value;
    if (text.trim() === '') {
      this.problems.push(fieldProblem(path, options.required ? 'is required' : 'must not be empty', 'required'));
      return undefined;
    }
    if (text.length > options.max) {
      this.problems.push(fieldProblem(path, `must be at most ${options.max} characters`));
      return undefined;
    }
    return text;
  }

  /** A required object field. */
  object(object: JsonObject, field: string, path: string): JsonObject | undefined {
    const value = object[field];
    if (value === undefined || value === null) {
      this.problems.push(fieldProblem(path, 'is required', 'required'));
      return undefined;
    }
    if (!isJsonObject(value)) {
      this.problems.push(fieldProblem(path, 'must be an object'));
      return undefined;
    }
    return value;
  }
}
