import type { TokenRequest, TokenRequestChange, TokenRequestRepository, Tx } from '#libs/db';
import { recordChange } from '../lifecycle/record-change.js';
import { tokenRequestLifecycle } from './token-request-lifecycle.js';

/**
 * Changes a token request, in the caller's transaction, by its lifecycle (recordChange): checked
 * against the status machine (a change naming no status stays PENDING; an ended request refuses
 * everything), written only at the version read; an end removes the request's timer, and
 * `timerAt` sets it. Answers the row as changed, or null when nothing was written (someone
 * changed it first, or it had ended).
 */
export async function recordTokenRequestChange(
  tx: Tx,
  tokenRequests: TokenRequestRepository,
  current: TokenRequest,
  change: TokenRequestChange,
  timerAt?: Date,
): Promise<TokenRequest | null> {
  const recorded = await recordChange(
    tokenRequestLifecycle,
    tx,
    current,
    change,
    change.updatedAt,
    timerAt === undefined ? { tokenRequests } : { tokenRequests, timerAt },
  );
  return recorded.kind === 'changed' ? recorded.row : null;
}
