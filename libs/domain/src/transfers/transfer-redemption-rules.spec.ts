import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRedemptionAmount, redemptionDescription } from './transfer-redemption-rules.js';

describe('the description of a redeemed transfer', () => {
  it.each([
    ['matches the request', 'Order 1', 'Order 1', { description: 'Order 1' }],
    ['is omitted where the request had one: replaced with refId', 'Order 1', undefined, { description: 'ref-1' }],
    ['is omitted where the request had none: replaced with refId', undefined, undefined, { description: 'ref-1' }],
  ])('%s', (_what, requested, given, expected) => {
    expect(redemptionDescription(requested, given, 'ref-1')).toEqual(expected);
  });

  it('refuses a description the request did not have, and one that differs', () => {
    expect(redemptionDescription(undefined, 'x', 'ref-1')).toMatchObject({
      path: 'payload.description',
      message: expect.stringContaining('must be omitted') as string,
    });
    expect(redemptionDescription('Order 1', 'order 1', 'ref-1')).toMatchObject({
      path: 'payload.description',
      message: expect.stringContaining('must match') as string,
    });
  });
});

describe('the amount of a redeemed transfer', () => {
  const token = { lifetimeAmount: '100.5', redeemedAmount: '0', currency: 'GBP' };

  it('allows up to what is left, in the token currency', () => {
    expect(checkRedemptionAmount({ value: '100.50', currency: 'GBP' }, token, false)).toBeUndefined();
    expect(checkRedemptionAmount({ value: '0.01', currency: 'GBP' }, token, false)).toBeUndefined();
    expect(
      checkRedemptionAmount({ value: '60.50', currency: 'GBP' }, { ...token, redeemedAmount: '40' }, false),
    ).toBeUndefined();
  });

  it('names the currency when it is not the token currency', () => {
    expect(checkRedemptionAmount({ value: '1', currency: 'EUR' }, token, false)).toMatchObject({
      path: 'payload.amount.currency',
    });
  });

  it('names the value when it exceeds what is left', () => {
    expect(checkRedemptionAmount({ value: '100.51', currency: 'GBP' }, token, false)).toMatchObject({
      path: 'payload.amount.value',
      message: expect.stringContaining('100.5 GBP') as string,
    });
    expect(
      checkRedemptionAmount({ value: '60.51', currency: 'GBP' }, { ...token, redeemedAmount: '40' }, false),
    ).toMatchObject({ path: 'payload.amount.value', message: expect.stringContaining('60.5 GBP') as string });
  });

  it('allows only the consented amount where the consent is for one exact amount', () => {
    expect(checkRedemptionAmount({ value: '100.5000', currency: 'GBP' }, token, true)).toBeUndefined();
    expect(checkRedemptionAmount({ value: '100', currency: 'GBP' }, token, true)).toMatchObject({
      path: 'payload.amount.value',
      message: expect.stringContaining('authorised') as string,
    });
  });

  it('never allows more in total than the lifetime amount (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 30 }), (cents) => {
        let redeemed = 0;
        for (const c of cents) {
          const ok =
            checkRedemptionAmount(
              { value: (c / 100).toFixed(2), currency: 'GBP' },
              { lifetimeAmount: '100.50', redeemedAmount: (redeemed / 100).toFixed(2), currency: 'GBP' },
              false,
            ) === undefined;
          if (ok) redeemed += c;
        }
        return redeemed <= 10050;
      }),
    );
  });
});
