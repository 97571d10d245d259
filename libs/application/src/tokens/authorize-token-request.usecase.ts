import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { hasConnector } from '#libs/connectors';
import { BankRepository, TokenRequestRepository } from '#libs/db';
import type { MemberId, TokenRequestOptionsInput } from '#libs/domain';
import { HOSTED_PAGES_PATH } from '../browser-paths/browser-paths.js';
import { TokenRequestBankStart } from './token-request-bank-start.js';
import { TokenRequestEmbeddedSubmission } from './token-request-embedded-submission.js';
import { TokenRequestingParty } from './token-requesting-party.js';
import { assertTokenRequestOpen } from './token-request-open.js';
import type { BankAuthorizationAnswer } from './token-request-step.js';

/** POST /token-requests/{tokenRequestId}/authorization, validated. */
export interface AuthorizeTokenRequestCommand {
  readonly memberId: MemberId;
  /** The member's display name: what the bank's consent page names when the request acts for no sub-TPP. */
  readonly displayName?: string;
  readonly tokenRequestId: string;
  /** The bank to authorise at; else requestOptions.bankId. */
  readonly bankId?: string;
  /** Values for the fields of the embedded step the request is at. */
  readonly credentials?: Readonly<Record<string, string>>;
  /** An embedded step at the bank is answered with the hosted page that asks the user for its fields. */
  readonly useWebappCredentialsFlow?: boolean;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

/** The hosted bank-selection page of a token request. */
export function hostedTokenRequestPath(callbackToken: string): string {
  return `${HOSTED_PAGES_PATH}/token-requests/${encodeURIComponent(callbackToken)}`;
}

/** The hosted page of where a token request stands: the bank's embedded fields, the wait for approval, or onward. */
export function hostedTokenRequestStatusPath(callbackToken: string): string {
  return `${hostedTokenRequestPath(callbackToken)}/status`;
}

/**
 * Starts (or continues) the user's authorisation of a token request at a bank: the consent or
 * payment the request's kind asks for, then the step the bank wants (its page, fields, approval
 * in its app). With `credentials` it submits the fields of the embedded step the request is at.
 * Without a bank, or with requestOptions.tokenInternal.usingWebApp, the user is sent to the
 * hosted bank-selection page, which continues here once a bank is picked; with
 * useWebappCredentialsFlow, an embedded step is answered with the hosted page that asks for its
 * fields (and submits them here, as `credentials` do).
 */
@Injectable()
export class AuthorizeTokenRequestUseCase {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly banks: BankRepository,
    private readonly clock: Clock,
    private readonly bankStart: TokenRequestBankStart,
    private readonly embedded: TokenRequestEmbeddedSubmission,
    private readonly requestingParty: TokenRequestingParty,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: AuthorizeTokenRequestCommand): Promise<BankAuthorizationAnswer> {
    const request = await this.tokenRequests.findForMember(command.memberId, command.tokenRequestId);
    if (request === null) throw GatewayError.notFound(command.tokenRequestId);
    assertTokenRequestOpen(request, this.clock.now());
    const context = { traceId: command.traceId, psuIpAddress: command.psuIpAddress };
    if (command.credentials !== undefined && Object.keys(command.credentials).length > 0)
      return this.embedded.submit(request, command.credentials, context);
    const options = (request.requestOptions ?? {}) as TokenRequestOptionsInput;
    if (options.tokenInternal?.usingWebApp === true)
      return { redirectUrl: `${this.config.http.publicBaseUrl}${hostedTokenRequestPath(request.callbackToken)}` };
    const bankId = command.bankId ?? options.bankId;
    if (bankId === undefined)
      throw GatewayError.invalidField(
        'bankId',
        'bankId is required: name the bank in the body or in the token request (requestOptions.bankId), or use the hosted pages (requestOptions.tokenInternal.usingWebApp).',
        'Field.Expected',
      );
    const bank = await this.banks.find(bankId);
    if (bank === null || !hasConnector(bank.connectorType))
      throw GatewayError.invalidField('bankId', `Bank ${bankId} is not known.`);
    const started = await this.bankStart.start(request, bank, {
      ...context,
      requestingParty: await this.requestingParty.nameOf(request, command.displayName),
    });
    if (command.useWebappCredentialsFlow === true && started.step?.kind === 'embedded')
      return {
        redirectUrl: `${this.config.http.publicBaseUrl}${hostedTokenRequestStatusPath(request.callbackToken)}`,
      };
    return started.answer;
  }
}
