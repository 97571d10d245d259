import { describe, expect, it } from 'vitest';
import { statusColumn, UnknownStatusError } from './status-column.js';

const column = statusColumn({ name: 'sample', statuses: ['OPEN', 'CLOSED'] as const });

describe('statusColumn', () => {
  it('parses the domain statuses and refuses anything else, naming the domain and the value', () => {
    expect(column.parse('OPEN')).toBe('OPEN');
    expect(column.parse('CLOSED')).toBe('CLOSED');
    for (const value of ['open', 'LOST', '', null, undefined, 3, 'toString']) {
      expect(() => column.parse(value)).toThrow(UnknownStatusError);
      expect(column.is(value)).toBe(false);
    }
    expect(() => column.parse('LOST')).toThrow('sample: the database holds the unknown status "LOST"');
  });

  it('checks rows without copying them', () => {
    const row = { id: 'a', status: 'OPEN' };
    expect(column.row(row)).toBe(row);
    expect(column.rowOrNull(null)).toBeNull();
    const rows = [row, { id: 'b', status: 'CLOSED' }];
    expect(column.rows(rows)).toBe(rows);
    expect(column.rows([])).toEqual([]);
  });

  it('refuses a row, or a list holding one, at an unknown status', () => {
    expect(() => column.row({ id: 'a', status: 'LOST' })).toThrow(UnknownStatusError);
    expect(() => column.rowOrNull({ id: 'a', status: 'LOST' })).toThrow(UnknownStatusError);
    let caught: unknown;
    try {
      column.rows([
        { id: 'a', status: 'OPEN' },
        { id: 'b', status: 'LOST' },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownStatusError);
    expect(caught).toMatchObject({ domain: 'sample', value: 'LOST' });
  });
});
