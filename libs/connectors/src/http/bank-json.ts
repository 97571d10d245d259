/** Reading bank JSON without trusting its shape. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** A bank answer that does not have the shape the standard gives it. */
export class MalformedBankResponseError extends Error {
  constructor(path: string) {
    super(`The bank's response has no valid ${path}.`);
    this.name = 'MalformedBankResponseError';
  }
}

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function objectAt(value: unknown, key: string, path: string): JsonObject {
  const inner = asObject(asObject(value)?.[key]);
  if (inner === undefined) throw new MalformedBankResponseError(path);
  return inner;
}

export function textAt(value: unknown, key: string, path: string): string {
  const inner = asObject(value)?.[key];
  if (typeof inner !== 'string' || inner === '') throw new MalformedBankResponseError(path);
  return inner;
}

export function optionalText(value: unknown, key: string): string | undefined {
  const inner = asObject(value)?.[key];
  return typeof inner === 'string' && inner !== '' ? inner : undefined;
}

export function arrayAt(value: unknown, key: string, path: string): readonly unknown[] {
  const inner = asObject(value)?.[key];
  if (inner === undefined) return [];
  if (!Array.isArray(inner)) throw new MalformedBankResponseError(path);
  return inner as readonly unknown[];
}
