import { describe, expect, it } from 'vitest';
import { JOB_QUEUE } from '#libs/common';
import type { TokenRequest, TokenRequestRepository } from '#libs/db';
import { plannedChange } from '../lifecycle/planned-change.js';
import { tokenRequestLifecycle } from './token-request-lifecycle.js';

const now = new Date('2026-11-27T12:00:00.000Z');
const tokenRequests = {} as TokenRequestRepository;
const request = (status: string): TokenRequest => ({ id: 'rq:1', status, version: 3 }) as unknown as TokenRequest;

describe('the token request lifecycle', () => {
  it('a change naming no status stays PENDING; an ended request refuses every change', () => {
    expect(tokenRequestLifecycle.proposedStatusOf({ updatedAt: now }, request('PENDING'))).toBe('PENDING');
    expect(
      plannedChange(tokenRequestLifecycle, request('PENDING'), request('PENDING'), now, { tokenRequests }),
    ).toEqual({
      statusChanged: false,
      events: [],
      timer: { keep: 'token-requests.timer:rq:1' },
    });
    for (const ended of ['PROCESSED', 'REJECTED', 'EXPIRED'])
      expect(plannedChange(tokenRequestLifecycle, request(ended), request(ended), now, { tokenRequests })).toBe(
        'refused',
      );
  });

  it('an end removes the timer and writes no event; a pending request takes the timer its caller sets', () => {
    for (const end of ['PROCESSED', 'REJECTED', 'EXPIRED'])
      expect(plannedChange(tokenRequestLifecycle, request('PENDING'), request(end), now, { tokenRequests })).toEqual({
        statusChanged: true,
        events: [],
        timer: { clear: 'token-requests.timer:rq:1' },
      });
    const at = new Date(now.getTime() + 5000);
    expect(tokenRequestLifecycle.timer(request('PENDING'), now, { tokenRequests, timerAt: at })).toEqual({
      id: 'token-requests.timer:rq:1',
      queue: JOB_QUEUE['token-requests.timer'],
      payload: { name: 'token-requests.timer', tokenRequestId: 'rq:1' },
      dueAt: at,
    });
    expect(tokenRequestLifecycle.timer(request('EXPIRED'), now, { tokenRequests, timerAt: at })).toBeNull();
  });
});
