import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { TokenRequestRepository, Transactions, type TokenRequest } from '#libs/db';
import { tokenRequestStatusMachine, type TokenRequestStatus } from '#libs/domain';

/**
 * A token request's timer fired (the worker's token-requests.timer): a request still PENDING at
 * the end of its authorisation window becomes EXPIRED and can no longer be used. Safe to run
 * twice: the move is made on the locked row and only from PENDING.
 */
@Injectable()
export class TokenRequestTimer {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** The request's status after the rule (unchanged when not due). */
  async onTimer(tokenRequestId: string): Promise<TokenRequestStatus | undefined> {
    return this.transactions.run(async (tx) => {
      const request = await this.tokenRequests.in(tx).lock(tokenRequestId);
      if (request === null) return undefined;
      const now = this.clock.now();
      if (!this.isDue(request, now)) return request.status as TokenRequestStatus;
      tokenRequestStatusMachine.assertTransition('PENDING', 'EXPIRED');
      const expired = await this.tokenRequests.in(tx).update(request, {
        status: 'EXPIRED',
        updatedAt: now,
        statusReasonInformation: 'The user did not authorise the request in time.',
        authorization: null,
      });
      return (expired?.status ?? request.status) as TokenRequestStatus;
    });
  }

  private isDue(request: TokenRequest, now: Date): boolean {
    return request.status === 'PENDING' && now.getTime() >= request.expiresAt.getTime();
  }
}
