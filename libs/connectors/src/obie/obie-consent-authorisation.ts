import { GatewayError } from '#libs/common';
import type { BankCallContext, BankOutcome } from '../bank-types.js';
import type { BankPaymentHandle, PaymentProgress, RequestingParty } from '../capabilities/payment-initiation.js';
import type { ObieParts } from './obie-parts.js';

/** Who authorises a payment-scope consent, and where the bank sends them back. */
export interface ConsentAuthoriser {
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  readonly psuId?: string;
  readonly requestingParty?: RequestingParty;
}

const NONE = { kind: 'none' } as const;

/**
 * What the user does next for a payment-scope consent (single, scheduled or standing-order
 * payments) just created with `status`: nothing when the bank already decided, the bank's app
 * (decoupled: CIBA started, its request id kept in the handle), or the bank's page (redirect).
 */
export async function authorisationProgress(
  parts: ObieParts,
  ctx: BankCallContext,
  handle: BankPaymentHandle,
  consent: { readonly status: string; readonly outcome: BankOutcome },
  authoriser: ConsentAuthoriser,
): Promise<PaymentProgress> {
  const { status, outcome } = consent;
  if (outcome !== 'AWAITING_AUTHORISATION') return { handle, outcome, bankStatus: status, next: NONE };
  if (parts.settings.scaApproach === 'decoupled') {
    if (authoriser.psuId === undefined || authoriser.psuId === '') {
      throw GatewayError.invalidField(
        'psuId',
        'This bank authorises in its own app (decoupled): the user at the bank (psuId) is required.',
        'Field.Expected',
      );
    }
    const { authReqId, intervalSeconds } = await parts.auth.startCiba(
      ctx,
      handle.bankConsentId,
      authoriser.psuId,
      'payments',
    );
    return {
      handle: { ...handle, continuation: { authReqId, pollIntervalSeconds: String(intervalSeconds) } },
      outcome,
      bankStatus: status,
      next: { kind: 'decoupled' },
    };
  }
  const redirectUrl = await parts.auth.authorizeUrl(
    handle.bankConsentId,
    'payments',
    authoriser.redirectUri,
    authoriser.state,
    authoriser.nonce,
    authoriser.requestingParty,
  );
  return { handle, outcome, bankStatus: status, next: { kind: 'redirect', redirectUrl } };
}

/** The state the bank sent back must be the one the authorisation was started with. */
export function checkReturnedState(params: Readonly<Record<string, string>>, state: string): void {
  if (params['state'] !== undefined && params['state'] !== state) {
    throw new GatewayError('InvalidArgument', {
      message: 'The state the bank sent back does not belong to this payment.',
    });
  }
}

/**
 * The user said no (DECLINED), or the bank sent an error back: the progress the consent's own
 * status gives. An access_denied on a consent still open (or Rejected) is the user's refusal;
 * another error on an open consent is a failure; a consent the bank already decided keeps its
 * outcome.
 */
export function refusedProgress(
  handle: BankPaymentHandle,
  consent: { readonly status: string; readonly outcome: BankOutcome },
  error: string,
  description: string | undefined,
): PaymentProgress {
  const unresolved = consent.outcome === 'AWAITING_AUTHORISATION' || consent.outcome === 'PENDING';
  const userRefused = error === 'access_denied' && (unresolved || consent.outcome === 'REJECTED');
  const outcome: BankOutcome = userRefused ? 'DECLINED' : unresolved ? 'FAILED' : consent.outcome;
  return {
    handle,
    outcome,
    bankStatus: consent.status,
    statusReason: (description ?? error).slice(0, 256),
    next: NONE,
  };
}
