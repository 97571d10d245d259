import type { EmbeddedAuthField, EmbeddedAuthStep } from '#libs/connectors';
import type { Payment } from '#libs/db';

/** What the user does next on the hosted pages, read from the stored payment. */
export type HostedStep =
  | { readonly kind: 'choose-bank' }
  | { readonly kind: 'bank-redirect'; readonly url: string }
  | { readonly kind: 'embedded'; readonly step: EmbeddedAuthStep }
  | { readonly kind: 'decoupled' }
  /** Nothing left for the user here: the bank has it, or the payment is over. */
  | { readonly kind: 'back-to-tpp' };

function redirectUrlOf(payment: Payment): string | undefined {
  const authentication = payment.authentication as { readonly redirectUrl?: unknown } | null;
  return typeof authentication?.redirectUrl === 'string' ? authentication.redirectUrl : undefined;
}

function isField(value: unknown): value is EmbeddedAuthField {
  const field = value as Partial<EmbeddedAuthField> | null;
  return (
    typeof field?.id === 'string' &&
    typeof field.displayName === 'string' &&
    (field.type === 'FIELD' || field.type === 'PASSWORD' || field.type === 'CHOICE_FIELD')
  );
}

/** The stored EmbeddedAuth object (progress-change.ts authenticationOf) as a step, when it has fields. */
export function embeddedStepOf(payment: Payment): EmbeddedAuthStep | undefined {
  const stored = payment.authentication as Partial<Record<keyof EmbeddedAuthStep, unknown>> | null;
  const fields = Array.isArray(stored?.fields) ? stored.fields.filter(isField) : [];
  if (stored === null || fields.length === 0) return undefined;
  const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
  const description = text(stored.description);
  const image = text(stored.image);
  const flickerCode = text(stored.flickerCode);
  return {
    fields,
    isRetry: stored.isRetry === true,
    ...(description === undefined ? {} : { description }),
    ...(image === undefined ? {} : { image }),
    ...(flickerCode === undefined ? {} : { flickerCode }),
  };
}

export function hostedStepOf(payment: Payment): HostedStep {
  const status = payment.status;
  switch (status) {
    case 'INITIATION_PENDING_REDIRECT_HP':
      return { kind: 'choose-bank' };
    case 'INITIATION_PENDING_REDIRECT_AUTH': {
      const url = redirectUrlOf(payment);
      return url === undefined ? { kind: 'back-to-tpp' } : { kind: 'bank-redirect', url };
    }
    case 'INITIATION_PENDING_EMBEDDED_AUTH': {
      const step = embeddedStepOf(payment);
      return step === undefined ? { kind: 'back-to-tpp' } : { kind: 'embedded', step };
    }
    case 'INITIATION_PENDING_DECOUPLED_AUTH':
      return { kind: 'decoupled' };
    case 'INITIATION_PENDING':
    case 'INITIATION_PENDING_REDIRECT_AUTH_VERIFICATION':
    case 'INITIATION_PENDING_REDIRECT_PBL':
    case 'INITIATION_PENDING_EMBEDDED_AUTH_VERIFICATION':
    case 'INITIATION_PENDING_REDEMPTION':
    case 'INITIATION_PENDING_REDEMPTION_VERIFICATION':
    case 'INITIATION_PROCESSING':
    case 'INITIATION_COMPLETED':
    case 'INITIATION_REJECTED':
    case 'INITIATION_REJECTED_INSUFFICIENT_FUNDS':
    case 'INITIATION_FAILED':
    case 'INITIATION_DECLINED':
    case 'INITIATION_EXPIRED':
    case 'INITIATION_NO_FINAL_STATUS_AVAILABLE':
    case 'SETTLEMENT_IN_PROGRESS':
    case 'SETTLEMENT_COMPLETED':
    case 'SETTLEMENT_INCOMPLETE':
    case 'CANCELED':
      return { kind: 'back-to-tpp' };
  }
}
