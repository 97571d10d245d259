import { describe, expect, it } from 'vitest';
import type { PaymentLink } from '#libs/db';
import { decideMove, plannedChange, plannedCreation } from '../lifecycle/planned-change.js';
import { paymentLinkLifecycle } from './payment-link-lifecycle.js';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const EXPIRES = new Date('2026-12-01T10:00:00.000Z');

function link(over: Partial<PaymentLink> = {}): PaymentLink {
  return {
    id: 'pl-1',
    memberId: 'm-1',
    status: 'LINK_ACTIVE',
    expiresAt: EXPIRES,
    usedCount: 0,
    version: 0,
    ...over,
  } as PaymentLink;
}

describe('payment link lifecycle', () => {
  it('a new active link with an expiry sets its expiry timer, and writes no event', () => {
    expect(plannedCreation(paymentLinkLifecycle, link(), NOW, undefined)).toEqual({
      events: [],
      timer: {
        id: 'payment-links.expire:pl-1',
        queue: expect.any(String) as string,
        payload: { name: 'payment-links.expire', paymentLinkId: 'pl-1' },
        dueAt: EXPIRES,
      },
    });
  });

  it('a link without an expiry keeps no timer', () => {
    expect(plannedCreation(paymentLinkLifecycle, link({ expiresAt: null }), NOW, undefined).timer).toBeNull();
  });

  it('a use that leaves it active stays, keeping its timer; one that uses it up moves and clears it', () => {
    expect(plannedChange(paymentLinkLifecycle, link(), link({ usedCount: 1 }), NOW, undefined)).toMatchObject({
      statusChanged: false,
      events: [],
      timer: { set: { dueAt: EXPIRES } },
    });
    expect(
      plannedChange(paymentLinkLifecycle, link(), link({ status: 'USAGE_LIMIT_REACHED' }), NOW, undefined),
    ).toEqual({ statusChanged: true, events: [], timer: { clear: 'payment-links.expire:pl-1' } });
  });

  it('a used-up link given a use back is active again, with its expiry timer', () => {
    const usedUp = link({ status: 'AMOUNT_LIMIT_REACHED' });
    expect(plannedChange(paymentLinkLifecycle, usedUp, link(), NOW, undefined)).toMatchObject({
      statusChanged: true,
      timer: { set: { dueAt: EXPIRES } },
    });
  });

  it('expired and canceled are final: every status move is refused, staying included', () => {
    for (const status of ['LINK_EXPIRED', 'LINK_CANCELED'] as const) {
      const ended = link({ status });
      for (const to of ['LINK_ACTIVE', 'LINK_EXPIRED', 'LINK_CANCELED', 'USAGE_LIMIT_REACHED'] as const)
        expect(decideMove(paymentLinkLifecycle, ended, { status: to, updatedAt: NOW })).toBe('refuse');
      expect(decideMove(paymentLinkLifecycle, ended, { usedCount: 0, updatedAt: NOW })).toBe('refuse');
    }
  });

  it('a change without a status proposes the current one', () => {
    expect(decideMove(paymentLinkLifecycle, link(), { usedCount: 2, updatedAt: NOW })).toBe('stay');
  });
});
