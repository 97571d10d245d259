import { GatewayError } from '#libs/common';
import type { BankPaymentHandle } from '../capabilities/payment-initiation.js';
import type { EmbeddedAuthStep } from '../bank-types.js';
import type { EmbeddedStepKind } from './berlin-group-embedded.js';
import { SCA_STATUSES, type ScaStatus } from './berlin-group.mappers.js';
import type { BerlinGroupScaApproach } from './berlin-group-settings.js';

/**
 * What the connector keeps between calls about one payment, in the handle's opaque
 * `continuation` (strings only): the payment product of its path, the SCA approach, the
 * authorisation sub-resource and its last known scaStatus, and for the embedded approach the
 * step shown to the user (with the PSU-ID once known). Nothing secret is kept.
 */
export interface PaymentContinuation {
  readonly product: string;
  readonly approach: BerlinGroupScaApproach;
  /** The payment's last transactionStatus seen (reported while the user authorises). */
  readonly transactionStatus?: string;
  readonly authorisationId?: string;
  readonly scaStatus?: ScaStatus;
  readonly scaRedirect?: string;
  readonly psuId?: string;
  readonly step?: EmbeddedStepKind;
  readonly embeddedStep?: EmbeddedAuthStep;
}

const APPROACHES: readonly BerlinGroupScaApproach[] = ['redirect', 'decoupled', 'embedded'];
const STEPS: readonly EmbeddedStepKind[] = ['credentials', 'method', 'otp'];

export function writeContinuation(state: PaymentContinuation): Readonly<Record<string, string>> {
  const out: Record<string, string> = { product: state.product, approach: state.approach };
  if (state.transactionStatus !== undefined) out['transactionStatus'] = state.transactionStatus;
  if (state.authorisationId !== undefined) out['authorisationId'] = state.authorisationId;
  if (state.scaStatus !== undefined) out['scaStatus'] = state.scaStatus;
  if (state.scaRedirect !== undefined) out['scaRedirect'] = state.scaRedirect;
  if (state.psuId !== undefined) out['psuId'] = state.psuId;
  if (state.step !== undefined) out['step'] = state.step;
  if (state.embeddedStep !== undefined) out['embeddedStep'] = JSON.stringify(state.embeddedStep);
  return out;
}

function notOurs(): GatewayError {
  return new GatewayError('InvalidArgument', {
    message: 'The payment handle does not belong to a Berlin Group payment.',
  });
}

function isScaStatus(value: unknown): value is ScaStatus {
  return SCA_STATUSES.some((status) => status === value);
}

export function readContinuation(handle: BankPaymentHandle): PaymentContinuation {
  const raw = handle.continuation ?? {};
  const product = raw['product'];
  const approach = raw['approach'] as BerlinGroupScaApproach | undefined;
  if (product === undefined || approach === undefined || !APPROACHES.includes(approach)) throw notOurs();
  const scaStatus = raw['scaStatus'];
  const step = raw['step'] as EmbeddedStepKind | undefined;
  let embeddedStep: EmbeddedAuthStep | undefined;
  if (raw['embeddedStep'] !== undefined) {
    try {
      embeddedStep = JSON.parse(raw['embeddedStep']) as EmbeddedAuthStep;
    } catch {
      throw notOurs();
    }
  }
  return {
    product,
    approach,
    ...(raw['transactionStatus'] === undefined ? {} : { transactionStatus: raw['transactionStatus'] }),
    ...(raw['authorisationId'] === undefined ? {} : { authorisationId: raw['authorisationId'] }),
    ...(isScaStatus(scaStatus) ? { scaStatus } : {}),
    ...(raw['scaRedirect'] === undefined ? {} : { scaRedirect: raw['scaRedirect'] }),
    ...(raw['psuId'] === undefined ? {} : { psuId: raw['psuId'] }),
    ...(step === undefined || !STEPS.includes(step) ? {} : { step }),
    ...(embeddedStep === undefined ? {} : { embeddedStep }),
  };
}

/** The same continuation without the embedded step (the authorisation is over). */
export function withoutStep(state: PaymentContinuation): PaymentContinuation {
  const { step: _step, embeddedStep: _embeddedStep, ...rest } = state;
  return rest;
}
