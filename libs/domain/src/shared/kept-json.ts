/**
 * Bounds of an object the gateway keeps as sent without acting on its fields (bank metadata, a
 * party's postal address, a debtor account the TPP knows): whatever its shape, it stays small
 * enough to store, echo and send on. The request body's nesting is bounded at parsing already;
 * `maxDepth` bounds the kept object's own.
 */
export const KEPT_JSON_LIMITS = {
  /** Entries of one array, and keys of one object. */
  maxEntries: 100,
  /** Characters of one text (a value or a key). */
  maxTextLength: 2048,
  /** Objects and arrays inside one another, the kept object itself counting as 1. */
  maxDepth: 8,
} as const;

export type KeptJsonLimits = { readonly [K in keyof typeof KEPT_JSON_LIMITS]: number };

const where = (path: string): string => (path === '' ? '' : ` at ${path}`);

/**
 * The first bound a kept value breaks, as a phrase that reads after the field's name ("has a
 * text longer than 2048 characters at notes.3"), or undefined when it keeps them all.
 */
export function checkKeptJson(value: unknown, limits: KeptJsonLimits = KEPT_JSON_LIMITS): string | undefined {
  return check(value, '', 0, limits);
}

function check(value: unknown, path: string, depth: number, limits: KeptJsonLimits): string | undefined {
  if (typeof value === 'string')
    return value.length > limits.maxTextLength
      ? `has a text longer than ${limits.maxTextLength} characters${where(path)}`
      : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth + 1 > limits.maxDepth) return `nests deeper than ${limits.maxDepth} levels${where(path)}`;
  const at = (key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) {
    if (value.length > limits.maxEntries) return `has a list of more than ${limits.maxEntries} entries${where(path)}`;
    for (const [index, entry] of (value as unknown[]).entries()) {
      const problem = check(entry, at(index), depth + 1, limits);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length > limits.maxEntries) return `has more than ${limits.maxEntries} keys${where(path)}`;
  for (const key of keys) {
    if (key.length > limits.maxTextLength)
      return `has a key longer than ${limits.maxTextLength} characters${where(path)}`;
    const problem = check((value as Record<string, unknown>)[key], at(key), depth + 1, limits);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
