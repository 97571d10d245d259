import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { BankConnectors } from '#libs/connectors';
import { BankRepository, TokenRepository, type Token } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { requireMemberToken } from './require-member-token.js';
import { renderToken, type TokenResource } from './token-view.js';

export interface CancelTokenCommand {
  readonly memberId: MemberId;
  readonly tokenId: string;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export interface CancelTokenResult {
  readonly status: 'SUCCESS';
  readonly token: TokenResource;
}

/**
 * PUT /tokens/{tokenId}/cancel. An access token's consent is revoked at the bank first: a bank
 * failure is the answer and the token stays ACTIVE (the member may retry). Then the token is
 * CANCELLED. A token already cancelled (or expired) is answered as it is.
 */
@Injectable()
export class CancelTokenUseCase {
  constructor(
    private readonly tokens: TokenRepository,
    private readonly banks: BankRepository,
    private readonly connectors: BankConnectors,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: CancelTokenCommand): Promise<CancelTokenResult> {
    const token = await requireMemberToken(this.tokens, command.memberId, command.tokenId);
    if (token.status !== 'ACTIVE') return { status: 'SUCCESS', token: renderToken(token) };
    if (token.kind === 'ACCESS' && token.bankConsentId !== null) await this.revokeAtBank(token, command);
    const ended =
      (await this.tokens.end(token.id, 'CANCELLED', this.clock.now())) ??
      (await requireMemberToken(this.tokens, command.memberId, token.id));
    return { status: 'SUCCESS', token: renderToken(ended) };
  }

  private async revokeAtBank(token: Token, command: CancelTokenCommand): Promise<void> {
    const bank = await this.banks.find(token.bankId);
    if (bank === null)
      throw new GatewayError('InternalServerError', { message: `The bank of token ${token.id} is unknown.` });
    await this.connectors.capability(bank, 'accounts').revokeAccountAccess(
      {
        bankId: bank.id,
        deadlineMs: Date.now() + this.config.payments.bankDeadlineMs,
        ...(command.traceId === undefined ? {} : { traceId: command.traceId }),
        ...(command.psuIpAddress === undefined ? {} : { psuIpAddress: command.psuIpAddress }),
      },
      token.bankConsentId ?? '',
    );
  }
}
