import { describe, expect, it } from 'vitest';
import { failureCounterOf } from './failure-counter.js';

describe('failureCounterOf', () => {
  it('counts a presented credential by its fingerprint, whatever the address', () => {
    const counter = failureCounterOf('Basic some-api-key-0123456789abcdef', '10.0.0.1');
    expect(counter).toMatch(/^auth-fail:credential:[\w-]{43}$/);
    expect(failureCounterOf('Basic some-api-key-0123456789abcdef', '10.0.0.2')).toBe(counter);
    expect(counter).not.toContain('some-api-key');
  });

  it('gives each credential its own counter', () => {
    const counters = [
      'Basic some-api-key-0123456789abcdef',
      'Basic some-api-key-0123456789abcdeg',
      'Bearer some-api-key-0123456789abcdef',
      'Bearer eyJhbGciOiJFZERTQSJ9..c2lnbmF0dXJl',
      'Digest abc',
    ].map((authorization) => failureCounterOf(authorization, '10.0.0.1'));
    expect(new Set(counters).size).toBe(counters.length);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a scheme alone', 'Basic'],
    ['more than one token', 'Basic a b'],
  ])('counts a request with %s by its address', (_what, authorization) => {
    expect(failureCounterOf(authorization, '10.0.0.1')).toBe('auth-fail:address:10.0.0.1');
    expect(failureCounterOf(authorization, '10.0.0.2')).toBe('auth-fail:address:10.0.0.2');
  });
});
