import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { BankDeadlineExceededError, BankUnavailableError, type EmbeddedAuthStep } from '#libs/connectors';
import { TokenRequestRepository, type TokenRequest } from '#libs/db';
import { embeddedFormValues } from '../payments/embedded-form-values.js';
import { TokenRequestEmbeddedSubmission } from './token-request-embedded-submission.js';
import { tokenRequestStepOf } from './token-request-step.js';

export interface SubmitHostedTokenRequestCredentialsCommand {
  /** The request the page's callback token names. */
  readonly request: TokenRequest;
  /** The form's fields; only those the bank asked for are sent on. */
  readonly fields: Readonly<Record<string, string>>;
  readonly traceId?: string;
  readonly psuIpAddress?: string;
}

export type SubmitHostedTokenRequestCredentialsOutcome =
  /** The request is not at an embedded step (any more): show where it stands. */
  | { readonly kind: 'not-waiting' }
  /** Some requested fields were left empty: the same step again, naming them. */
  | { readonly kind: 'incomplete'; readonly step: EmbeddedAuthStep; readonly missing: readonly string[] }
  /** The bank could not be reached: the step stays open for another try. */
  | { readonly kind: 'bank-unavailable'; readonly step: EmbeddedAuthStep }
  /** The bank answered (the next step, the same step again, or the end): the request as it now stands. */
  | { readonly kind: 'answered'; readonly request: TokenRequest };

/**
 * POST /hosted-pages/token-requests/{token}/embedded: the user's values for the bank's embedded
 * step, submitted as POST /token-requests/{id}/authorization submits a TPP's `credentials`. A
 * refusal by the bank ends the request (the user goes back to the TPP with the error); an
 * unreachable bank leaves the step open.
 */
@Injectable()
export class SubmitHostedTokenRequestCredentialsUseCase {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly embedded: TokenRequestEmbeddedSubmission,
  ) {}

  async execute(
    command: SubmitHostedTokenRequestCredentialsCommand,
  ): Promise<SubmitHostedTokenRequestCredentialsOutcome> {
    const { request } = command;
    const step = tokenRequestStepOf(request.authorization);
    if (request.status !== 'PENDING' || step?.kind !== 'embedded') return { kind: 'not-waiting' };
    const { values, missing } = embeddedFormValues(step.step, command.fields);
    if (missing.length > 0) return { kind: 'incomplete', step: step.step, missing };
    try {
      await this.embedded.submit(request, values, {
        traceId: command.traceId,
        psuIpAddress: command.psuIpAddress,
      });
    } catch (error) {
      if (error instanceof BankUnavailableError || error instanceof BankDeadlineExceededError)
        return { kind: 'bank-unavailable', step: step.step };
      // A refusal (the request is rejected), an expired window or a change meanwhile: where it stands now.
      if (!(error instanceof GatewayError)) throw error;
    }
    return { kind: 'answered', request: (await this.tokenRequests.findById(request.id)) ?? request };
  }
}
