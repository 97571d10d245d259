import type { OutcomeRef } from '#libs/db';

/** The outcome check of one standing order's submission: its token request's (kind `standing-order`). */
export const standingOrderCheckRef = (tokenRequestId: string): OutcomeRef => ({
  kind: 'standing-order',
  resourceId: tokenRequestId,
});

/** What the check asks again: the standing order submitted with the user's grant sealed on it. */
export const STANDING_ORDER_SUBMISSION = 'standing-order-submission';
