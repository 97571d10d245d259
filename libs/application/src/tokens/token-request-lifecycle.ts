import { JOB_QUEUE, type PayloadOf } from '#libs/common';
import type { TokenRequest, TokenRequestChange, TokenRequestRepository } from '#libs/db';
import { tokenRequestStatusMachine, type TokenRequestStatus } from '#libs/domain';
import type { Lifecycle } from '../lifecycle/lifecycle.js';
import { tokenRequestTimerId } from './token-request-timer-row.js';

/** What a token request's change needs beyond its row: its repository, and the request's next timer when it has one to set. */
export interface TokenRequestMoveContext {
  readonly tokenRequests: TokenRequestRepository;
  /** When the request is asked about next (a decoupled poll); absent: its timer stays as it is. */
  readonly timerAt?: Date;
}

/**
 * The lifecycle of a token request (transfers, standing orders, access): the token request status
 * machine (PENDING until PROCESSED, REJECTED or EXPIRED); its moves write no outbox event (the
 * TPP learns the outcome at its callback). A final status removes the `token-requests.timer`
 * row; a pending request's timer is the one its caller sets (a decoupled poll, the window's
 * end), else it stays as it is.
 */
export const tokenRequestLifecycle: Lifecycle<
  TokenRequest,
  TokenRequestChange,
  TokenRequestStatus,
  TokenRequestMoveContext
> = {
  name: 'token request',
  machine: tokenRequestStatusMachine,
  statusOf: (request) => request.status,
  proposedStatusOf: (change, current) => change.status ?? current.status,
  idOf: (request) => request.id,
  update: (tx, current, change, { tokenRequests }) => tokenRequests.in(tx).update(current, change),
  events: () => [],
  timer(request, _now, { timerAt }) {
    if (tokenRequestStatusMachine.isFinal(request.status)) return null;
    if (timerAt === undefined) return 'keep';
    const payload: PayloadOf<'token-requests.timer'> = { name: 'token-requests.timer', tokenRequestId: request.id };
    return { id: tokenRequestTimerId(request.id), queue: JOB_QUEUE['token-requests.timer'], payload, dueAt: timerAt };
  },
  timerId: tokenRequestTimerId,
};
