import { Injectable } from '@nestjs/common';
import type { Bank, TokenRequest } from '#libs/db';
import { TokenRequestBankStart } from './token-request-bank-start.js';
import type { BankAuthorizationAnswer } from './token-request-step.js';

/** The user picked a bank on a token request's hosted bank selection. */
export interface StartTokenRequestAtBankCommand {
  /** The request the page's callback token names. */
  readonly request: TokenRequest;
  /** The picked bank, one the request can be authorised at (PickTokenRequestBankUseCase). */
  readonly bank: Bank;
  /** What the bank's consent page names. */
  readonly requestingParty?: string;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/**
 * POST /hosted-pages/token-requests/{token}: the authorisation of the request starts at the bank
 * the user picked (TokenRequestBankStart): the bank's page, its fields, approval in its app, or
 * (a bank that needs nothing more) the request completed.
 */
@Injectable()
export class StartTokenRequestAtBankUseCase {
  constructor(private readonly bankStart: TokenRequestBankStart) {}

  async execute(command: StartTokenRequestAtBankCommand): Promise<BankAuthorizationAnswer> {
    const { request, bank, ...context } = command;
    return (await this.bankStart.start(request, bank, context)).answer;
  }
}
