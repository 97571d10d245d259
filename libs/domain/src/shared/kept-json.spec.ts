import { describe, expect, it } from 'vitest';
import { checkKeptJson } from './kept-json.js';

const LIMITS = { maxEntries: 3, maxTextLength: 5, maxDepth: 3 };

describe('checkKeptJson', () => {
  it('keeps values within every bound', () => {
    expect(checkKeptJson({ a: 'abcde', b: [1, 2, 3], c: { d: [true, null] } }, LIMITS)).toBeUndefined();
    expect(checkKeptJson(null, LIMITS)).toBeUndefined();
    expect(checkKeptJson(12, LIMITS)).toBeUndefined();
  });

  it.each([
    [{ a: 'abcdef' }, 'has a text longer than 5 characters at a'],
    ['abcdef', 'has a text longer than 5 characters'],
    [{ a: [1, 2, 3, 4] }, 'has a list of more than 3 entries at a'],
    [{ a: 1, b: 2, c: 3, d: 4 }, 'has more than 3 keys'],
    [{ abcdef: 1 }, 'has a key longer than 5 characters'],
    [{ a: [{ b: 'x' }, { b: 'abcdefg' }] }, 'has a text longer than 5 characters at a.1.b'],
    [{ a: { b: { c: {} } } }, 'nests deeper than 3 levels at a.b.c'],
    [[[[[]]]], 'nests deeper than 3 levels at 0.0.0'],
  ])('names the first bound %j breaks', (value, problem) => {
    expect(checkKeptJson(value, LIMITS)).toBe(problem);
  });
});
