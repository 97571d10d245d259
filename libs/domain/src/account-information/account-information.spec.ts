import { describe, expect, it } from 'vitest';
import { accountIdOf, accountRefOf } from './account-id.js';
import { consentCovers, tppInitiatedCallAllowed } from './account-information-rules.js';
import { pageOf, positionOf } from './transaction-page.js';

describe('account ids', () => {
  it('carry the bank and its account id, and nothing else decodes', () => {
    const id = accountIdOf({ bankId: 'ob-sandbox-gb', bankAccountId: 'ACC-1:2/3' });
    expect(id).toMatch(/^a:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    expect(accountRefOf(id)).toEqual({ bankId: 'ob-sandbox-gb', bankAccountId: 'ACC-1:2/3' });
    for (const bad of ['', 'a:', 'a::x', 'b:eA:eA', `${id}:x`, 'a:eA=:eA', 'a:e A:eA'])
      expect(accountRefOf(bad)).toBe(undefined);
  });
});

describe('the consent and the TPP-initiated allowance', () => {
  it('a read needs its resource in the token', () => {
    const payload = { access: { resources: [{ account: {} }, { balance: {} }] } };
    expect(consentCovers(payload, 'accounts')).toBe(true);
    expect(consentCovers(payload, 'balances')).toBe(true);
    expect(consentCovers(payload, 'transactions')).toBe(false);
    expect(consentCovers(payload, 'standingOrders')).toBe(false);
    expect(consentCovers({ transfer: {} }, 'accounts')).toBe(false);
  });

  it('four calls fit a limit of four, the fifth does not', () => {
    expect([0, 1, 2, 3, 4, 5].map((used) => tppInitiatedCallAllowed(used, 4))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('transaction pages', () => {
  const all = Array.from({ length: 250 }, (_, i) => i);
  it('walks the list in pages of the limit; the last page has no next offset', () => {
    const first = pageOf(all, 0, 100);
    expect(first.items).toHaveLength(100);
    const second = pageOf(all, positionOf(first.next ?? '') ?? -1, 100);
    expect(second.items[0]).toBe(100);
    const third = pageOf(all, positionOf(second.next ?? '') ?? -1, 100);
    expect(third.items).toHaveLength(50);
    expect(third.next).toBe(undefined);
    expect(positionOf(third.offset)).toBe(200);
  });

  it('refuses offsets it did not make', () => {
    for (const bad of ['', 'abc', Buffer.from('tx:-1').toString('base64url'), 'x'.repeat(65)])
      expect(positionOf(bad)).toBe(undefined);
  });
});
