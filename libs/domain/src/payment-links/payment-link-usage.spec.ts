import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../money/minor-units.js';
import {
  currentPaymentLinkUsage,
  decidePaymentLinkUse,
  givePaymentLinkUseBack,
  nextPaymentLinkTimer,
  type PaymentLinkUsageState,
} from './payment-link-usage.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const ACTIVE: PaymentLinkUsageState = {
  status: 'LINK_ACTIVE',
  maxUsageCount: 2,
  usedCount: 0,
  totalAmountLimit: null,
  usedAmount: '0',
  expiresAt: new Date('2026-11-26T10:00:00Z'),
};

describe('payment link usage', () => {
  it('counts uses up to the maximum, then is used up and refuses', () => {
    const first = decidePaymentLinkUse(ACTIVE, '10.50', NOW);
    expect(first).toEqual({ kind: 'use', usedCount: 1, usedAmount: '10.50', status: 'LINK_ACTIVE' });
    const second = decidePaymentLinkUse({ ...ACTIVE, usedCount: 1, usedAmount: '10.50' }, '10.50', NOW);
    expect(second).toEqual({ kind: 'use', usedCount: 2, usedAmount: '21.00', status: 'USAGE_LIMIT_REACHED' });
    expect(decidePaymentLinkUse({ ...ACTIVE, usedCount: 2 }, '1.00', NOW)).toEqual({
      kind: 'refuse',
      reason: 'used-up',
    });
  });

  it('refuses a link that is not active or past its expiry', () => {
    for (const status of ['LINK_EXPIRED', 'LINK_CANCELED', 'USAGE_LIMIT_REACHED', 'AMOUNT_LIMIT_REACHED'] as const)
      expect(decidePaymentLinkUse({ ...ACTIVE, status }, '1.00', NOW)).toEqual({
        kind: 'refuse',
        reason: 'not-active',
      });
    expect(decidePaymentLinkUse({ ...ACTIVE, expiresAt: NOW }, '1.00', NOW)).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
  });

  it('keeps the total amount limit: reaching it ends the link, passing it is refused', () => {
    const limited = { ...ACTIVE, maxUsageCount: 10, totalAmountLimit: '20.00', usedAmount: '10.00', usedCount: 1 };
    expect(decidePaymentLinkUse(limited, '10.01', NOW)).toEqual({ kind: 'refuse', reason: 'amount-limit' });
    expect(decidePaymentLinkUse(limited, '10.00', NOW)).toMatchObject({ kind: 'use', status: 'AMOUNT_LIMIT_REACHED' });
    expect(currentPaymentLinkUsage(limited)).toEqual({ remainingCount: 9, remainingAmount: '10.00' });
  });

  it('gives a use back: the counts without it, and the status its limits and expiry leave', () => {
    const usedUp = { ...ACTIVE, status: 'USAGE_LIMIT_REACHED', usedCount: 2, usedAmount: '21.00' } as const;
    expect(givePaymentLinkUseBack(usedUp, '10.50', NOW)).toEqual({
      usedCount: 1,
      usedAmount: '10.50',
      status: 'LINK_ACTIVE',
    });
    // Past its expiry the link is expired, not active again; canceled and expired links stay so.
    const late = new Date(NOW.getTime() + 2 * 86_400_000);
    expect(givePaymentLinkUseBack(usedUp, '10.50', late)).toMatchObject({ usedCount: 1, status: 'LINK_EXPIRED' });
    for (const status of ['LINK_CANCELED', 'LINK_EXPIRED'] as const)
      expect(givePaymentLinkUseBack({ ...usedUp, status }, '10.50', NOW)).toMatchObject({ usedCount: 1, status });
    // Used up by both limits: one use back leaves the total used.
    const both = { ...ACTIVE, maxUsageCount: 3, usedCount: 3, totalAmountLimit: '30.00', usedAmount: '30.00' };
    expect(givePaymentLinkUseBack({ ...both, status: 'USAGE_LIMIT_REACHED' }, '0.00', NOW)).toMatchObject({
      usedCount: 2,
      status: 'AMOUNT_LIMIT_REACHED',
    });
    expect(givePaymentLinkUseBack({ ...both, status: 'AMOUNT_LIMIT_REACHED' }, '10.00', NOW)).toEqual({
      usedCount: 2,
      usedAmount: '20.00',
      status: 'LINK_ACTIVE',
    });
    // Never below zero.
    expect(givePaymentLinkUseBack(ACTIVE, '1.00', NOW)).toEqual({
      usedCount: 0,
      usedAmount: '0.00',
      status: 'LINK_ACTIVE',
    });
  });

  it('converts decimal strings exactly', () => {
    expect(toMinorUnits('10.5')).toBe(105000n);
    expect(fromMinorUnits(toMinorUnits('0.1') + toMinorUnits('0.2'))).toBe('0.30');
    expect(fromMinorUnits(toMinorUnits('1.2345'))).toBe('1.2345');
  });

  it('times the expiry of an active link only', () => {
    expect(nextPaymentLinkTimer(ACTIVE)).toEqual(ACTIVE.expiresAt);
    expect(nextPaymentLinkTimer({ ...ACTIVE, status: 'LINK_CANCELED' })).toBeNull();
    expect(nextPaymentLinkTimer({ ...ACTIVE, expiresAt: null })).toBeNull();
  });
});
