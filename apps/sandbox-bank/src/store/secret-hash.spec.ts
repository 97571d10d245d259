import { describe, expect, it } from 'vitest';
import { newResourceId } from './secret-hash.js';

describe('newResourceId', () => {
  it('gives the prefix and 24 hex digits, never the same id twice, across refills of its entropy', () => {
    const ids = Array.from({ length: 1000 }, () => newResourceId('PDC'));
    for (const id of ids) expect(id).toMatch(/^PDC-[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
