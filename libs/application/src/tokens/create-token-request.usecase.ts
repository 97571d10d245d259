import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import {
  BankRepository,
  SettlementAccountRepository,
  TokenRequestRepository,
  tokenRequestFromNew,
  type NewPendingTokenRequest,
  type Prisma,
} from '#libs/db';
import {
  checkCallbackUrl,
  describeProblem,
  fieldProblem,
  newId,
  randomBase58,
  tokenRequestKindOf,
  tokenRequestTimeProblems,
  type FieldProblem,
  type MemberId,
  type TokenRequestOptionsInput,
  type ResolvedSettlementCreditor,
  type TokenRequestPayloadInput,
} from '#libs/domain';
import { plannedCreation } from '../lifecycle/planned-change.js';
import { statementTimer } from '../payments/record-payment-change.js';
import { settlementDestinationOf } from '../settlement/settlement-destination.js';
import { OnBehalfOfCheck } from '../sub-tpps/on-behalf-of-check.js';
import { tokenRequestLifecycle } from './token-request-lifecycle.js';
import { renderTokenRequest, type TokenRequestResource } from './token-view.js';

export interface CreateTokenRequestCommand {
  readonly memberId: MemberId;
  /** Regulated members may act for themselves; unregulated ones must name one of their active sub-TPPs (actingAs.refId). */
  readonly regulated: boolean;
  readonly requestOptions: TokenRequestOptionsInput;
  readonly requestPayload: TokenRequestPayloadInput;
}

/**
 * POST /token-requests. After the shape (the request DTO), the rules that need the gateway:
 * the redirect URL not under the gateway's own host, a bankId of the catalogue, and the dates
 * against the gateway's clock, `actingAs.refId` by the onBehalfOfId rules (OnBehalfOfCheck: one of the
 * member's active sub-TPPs, required for unregulated members), a settlement account destination
 * resolved (settlementDestinationOf). Then, in one statement, the request (PENDING, expiring after
 * tokens.requestLifetimeMinutes) and the timer its lifecycle declares for it: the
 * `token-requests.timer` row due at the expiry.
 */
@Injectable()
export class CreateTokenRequestUseCase {
  private readonly ownHosts: readonly string[];

  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly settlementAccounts: SettlementAccountRepository,
    private readonly onBehalfOf: OnBehalfOfCheck,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  async execute(command: CreateTokenRequestCommand): Promise<{ readonly tokenRequest: TokenRequestResource }> {
    const now = this.clock.now();
    await this.check(command, now);
    const settlementCreditor = await settlementDestinationOf(
      this.settlementAccounts,
      command.memberId,
      command.requestPayload,
    );
    const row = tokenRequestFromNew(this.rowOf(command, now, settlementCreditor));
    const planned = plannedCreation(tokenRequestLifecycle, row, now, {
      tokenRequests: this.tokenRequests,
      timerAt: row.expiresAt,
    });
    if (planned.events.length > 0) throw new Error('a new token request is announced by no event');
    const stored = await this.tokenRequests.insertWithTimer(
      row,
      planned.timer === null ? null : statementTimer(planned.timer),
    );
    return { tokenRequest: renderTokenRequest(stored) };
  }

  private async check(command: CreateTokenRequestCommand, now: Date): Promise<void> {
    const problems: FieldProblem[] = [];
    const redirect = checkCallbackUrl(command.requestPayload.redirectUrl, this.ownHosts);
    if (redirect !== undefined) problems.push(fieldProblem('requestPayload.redirectUrl', redirect));
    problems.push(...tokenRequestTimeProblems(command.requestPayload, now));
    const bankId = command.requestOptions.bankId;
    if (bankId !== undefined) {
      const bank = await this.banks.find(bankId);
      if (bank === null || !bank.listed)
        problems.push(fieldProblem('requestOptions.bankId', `${bankId} is not a bank of the catalogue (GET /banks)`));
    }
    if (problems.length > 0)
      throw new GatewayError('Field.Invalid', {
        message: problems.map(describeProblem).join('. '),
        paths: problems.map((problem) => problem.path),
      });
    await this.onBehalfOf.check(
      { memberId: command.memberId, regulated: command.regulated },
      command.requestPayload.actingAs?.refId,
      'requestPayload.actingAs.refId',
    );
  }

  private rowOf(
    command: CreateTokenRequestCommand,
    now: Date,
    settlementCreditor: ResolvedSettlementCreditor | null,
  ): NewPendingTokenRequest {
    const { requestOptions, requestPayload } = command;
    const lifetimeMs = this.config.tokens.requestLifetimeMinutes * 60_000;
    return {
      id: newId('rq'),
      memberId: command.memberId,
      kind: tokenRequestKindOf(requestPayload),
      refId: requestPayload.refId,
      requestOptions: requestOptions as unknown as Prisma.InputJsonObject,
      requestPayload: requestPayload as unknown as Prisma.InputJsonObject,
      settlementCreditor: settlementCreditor as unknown as Prisma.InputJsonObject | null,
      bankId: requestOptions.bankId ?? null,
      status: 'PENDING',
      callbackToken: randomBase58(32),
      nonce: randomBase58(24),
      expiresAt: new Date(now.getTime() + lifetimeMs),
      createdAt: now,
      updatedAt: now,
    };
  }
}
