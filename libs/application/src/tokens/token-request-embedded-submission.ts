import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { BankRejectedError, type PaymentProgress } from '#libs/connectors';
import { TokenRequestRepository, Transactions, type TokenRequest } from '#libs/db';
import { tokenRequestState } from '../transfers/token-request-initiation.js';
import { TransferProgression } from '../transfers/transfer-progression.js';
import { CompleteTokenRequest, tokenRequestHandleOf, type CompletionContext } from './complete-token-request.js';
import { recordTokenRequestChange } from './record-token-request-change.js';
import { bankStartOf, finishAtBank } from './token-request-bank-answer.js';
import { assertTokenRequestOpen } from './token-request-open.js';
import {
  answerOfStep,
  stepOfBankAnswer,
  storedStep,
  tokenRequestStepOf,
  type BankAuthorizationAnswer,
} from './token-request-step.js';

/**
 * Values for the fields of the embedded step an open token request is at (a TPP's
 * `credentials`, or the hosted page's form), sent to its bank: the bank's next step, or (done)
 * the request completed. A refusal by the bank rejects the request; an unreachable bank leaves
 * the step open.
 */
@Injectable()
export class TokenRequestEmbeddedSubmission {
  constructor(
    private readonly tokenRequests: TokenRequestRepository,
    private readonly transactions: Transactions,
    private readonly progression: TransferProgression,
    private readonly completion: CompleteTokenRequest,
  ) {}

  async submit(
    request: TokenRequest,
    credentials: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<BankAuthorizationAnswer> {
    assertTokenRequestOpen(request, this.progression.clock.now());
    if (tokenRequestStepOf(request.authorization)?.kind !== 'embedded')
      throw GatewayError.invalidField('credentials', `Token request ${request.id} is not waiting for credentials.`);
    return this.submitCredentials(request, credentials, context);
  }

  /** Values for the embedded step's fields: the bank's next step, or (done) the request completed. */
  private async submitCredentials(
    request: TokenRequest,
    credentials: Readonly<Record<string, string>>,
    context: CompletionContext,
  ): Promise<BankAuthorizationAnswer> {
    const step = tokenRequestStepOf(request.authorization);
    const expected = step?.kind === 'embedded' ? step.step.fields.map((field) => field.id) : [];
    const missing = expected.filter((id) => credentials[id] === undefined || credentials[id] === '');
    if (missing.length > 0)
      throw GatewayError.invalidField(
        `credentials.${missing[0] ?? ''}`,
        `credentials is missing the requested field(s): ${missing.join(', ')}.`,
        'Field.Expected',
      );
    const bank = await this.completion.bankOf(request);
    let progress: PaymentProgress;
    try {
      progress = await this.progression.connectors
        .capability(bank, 'payments')
        .submitEmbeddedAuth(
          this.progression.callContext(bank.id, context.traceId, context.psuIpAddress),
          tokenRequestHandleOf(request),
          credentials,
        );
    } catch (error) {
      if (!(error instanceof BankRejectedError)) throw error;
      await this.completion.issuance.reject(request, 'REJECTED', error.message);
      throw error;
    }
    const start = bankStartOf(progress);
    const next = stepOfBankAnswer(progress.next);
    const updated = await this.transactions.run((tx) =>
      recordTokenRequestChange(tx, this.tokenRequests, request, {
        updatedAt: this.progression.clock.now(),
        ...(start.bankConsentId === '' ? {} : { bankConsentId: start.bankConsentId }),
        ...(start.continuation === undefined ? {} : { bankContinuation: { ...start.continuation } }),
        authorization: next === undefined ? storedStep({ kind: 'completing' }) : storedStep(next),
      }),
    );
    if (updated === null)
      throw new GatewayError('CONFLICT', { message: `Token request ${request.id} changed meanwhile; try again.` });
    if (next !== undefined) return answerOfStep(next, tokenRequestState(request.callbackToken));
    return finishAtBank(this.completion, updated, bank, start, context);
  }
}
