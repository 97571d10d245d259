import { Xs2aError } from './xs2a-error.js';

/** Reading request bodies field by field; a field at fault is a FORMAT_ERROR naming its path. */
export type Json = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(parent: Json, key: string): Json {
  const value = parent[key];
  if (value === undefined || value === null) throw Xs2aError.format(`${key} is required.`, key);
  if (!isObject(value)) throw Xs2aError.format(`${key} must be an object.`, key);
  return value;
}

export function textAt(
  parent: Json,
  key: string,
  path: string,
  maxLength: number,
  required: boolean,
): string | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (required) throw Xs2aError.format(`${path} is required.`, path);
    return undefined;
  }
  if (typeof value !== 'string' || value === '') throw Xs2aError.format(`${path} must be a non-empty string.`, path);
  if (value.length > maxLength) throw Xs2aError.format(`${path} must be at most ${maxLength} characters.`, path);
  return value;
}
