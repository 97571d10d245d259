import { GatewayError } from '#libs/common';
import type { AuthorisationStep, PaymentProgress } from '#libs/connectors';
import type { Bank, TokenRequest } from '#libs/db';
import type { CompleteTokenRequest, CompletionContext } from './complete-token-request.js';
import type { BankAuthorizationAnswer } from './token-request-step.js';

/** The bank's answer to the start of an authorisation: its consent id, continuation and the user's next step. */
export interface BankStart {
  readonly bankConsentId: string;
  readonly continuation?: Readonly<Record<string, string>>;
  readonly next: AuthorisationStep;
  /** For payments: the whole answer (a bank that needs no step may already have an outcome). */
  readonly progress?: PaymentProgress;
}

/** A payment's (or standing order's) answer at the bank, as the start of an authorisation. */
export function bankStartOf(progress: PaymentProgress): BankStart {
  return {
    bankConsentId: progress.handle.bankConsentId,
    ...(progress.handle.continuation === undefined ? {} : { continuation: progress.handle.continuation }),
    next: progress.next,
    progress,
  };
}

/** The bank needs nothing more from the user: the request ends (token, or rejected) and the answer says so. */
export async function finishAtBank(
  completion: CompleteTokenRequest,
  request: TokenRequest,
  bank: Bank,
  start: BankStart,
  context: CompletionContext,
): Promise<BankAuthorizationAnswer> {
  if (start.progress === undefined) throw new Error(`token request ${request.id} ended without a bank answer`);
  await completion.withProgress(request, bank, start.progress, context);
  const ended = await completion.reload(request);
  if (ended.status !== 'PROCESSED')
    throw new GatewayError('PermissionDenied', {
      message: (ended.statusReasonInformation ?? `The bank did not authorise token request ${request.id}.`).slice(
        0,
        256,
      ),
    });
  return { status: 'AUTHENTICATED' };
}
