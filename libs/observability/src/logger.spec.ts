import { describe, expect, it } from 'vitest';
import { loggablePath, writesPretty } from './logger.js';

describe('writesPretty', () => {
  it.each([
    ['auto', false, true, true],
    ['auto', false, false, false],
    ['auto', true, true, false],
    ['json', false, true, false],
    ['pretty', false, false, true],
    ['pretty', true, false, true],
  ] as const)('%s, production %s, terminal %s -> %s', (output, production, terminal, pretty) => {
    expect(writesPretty(output, production, terminal)).toBe(pretty);
  });
});

describe('loggablePath', () => {
  it('drops the query and redacts a hosted page token', () => {
    expect(loggablePath('/hosted-pages/payments/abc123/bank?code=x')).toBe('/hosted-pages/payments/[redacted]/bank');
  });
});
