import { describe, expect, it } from 'vitest';
import { checkBankIdForFlow } from './flow-type.js';

describe('checkBankIdForFlow', () => {
  it('requires bankId only with EMBEDDED_HOSTED_PAGES', () => {
    expect(checkBankIdForFlow(undefined, 'EMBEDDED_HOSTED_PAGES')).toBe(
      'is required when flowType is EMBEDDED_HOSTED_PAGES',
    );
    expect(checkBankIdForFlow('ob-bank', 'EMBEDDED_HOSTED_PAGES')).toBeUndefined();
    expect(checkBankIdForFlow(undefined, 'FULL_HOSTED_PAGES')).toBeUndefined();
    expect(checkBankIdForFlow(undefined, 'API_ONLY')).toBeUndefined();
    expect(checkBankIdForFlow(undefined, undefined)).toBeUndefined();
  });
});
