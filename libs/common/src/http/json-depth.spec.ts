import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

const deeper = (text: string, max: number): boolean => nestsDeeperThan(Buffer.from(text, 'utf8'), max);

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside one another', () => {
    expect(deeper('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(deeper('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(deeper('[[],[],{}]', 2)).toBe(false);
    expect(deeper('1', 0)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(deeper('{"a":"{{{[[["}', 1)).toBe(false);
    expect(deeper('{"a":"\\"{{{[[[\\\\"}', 1)).toBe(false);
    expect(deeper('{"a":"\\\\","b":{"c":1}}', 1)).toBe(true);
    expect(deeper('{"é{":"ü[","b":1}', 1)).toBe(false);
  });

  it('finds the depth of a body nested thousands deep', () => {
    expect(deeper(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 32)).toBe(true);
  });
});
