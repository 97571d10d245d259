import { describe, expect, it } from 'vitest';
import { withFields } from './with-fields.js';

describe('withFields', () => {
  it('answers what spreading both would: a new object, later fields winning, the inputs untouched', () => {
    const base = { a: 1, b: 'two', nested: { c: 3 } };
    const fields = { b: 'changed', d: null };
    const copy = withFields(base, fields);
    expect(copy).toStrictEqual({ ...base, ...fields });
    expect(Object.keys(copy)).toEqual(['a', 'b', 'nested', 'd']);
    expect(copy).not.toBe(base);
    expect(base).toStrictEqual({ a: 1, b: 'two', nested: { c: 3 } });
    expect(copy.nested).toBe(base.nested);
  });

  it('copies own enumerable properties only, as spread does', () => {
    const base = Object.create({ inherited: true }) as Record<string, unknown>;
    base['own'] = 1;
    Object.defineProperty(base, 'hidden', { value: 2, enumerable: false });
    expect(withFields(base, { extra: 3 })).toStrictEqual({ own: 1, extra: 3 });
  });
});
