/**
 * How a payment to a settlement account is credited, chosen by a marker in the payment's
 * remittance information (the gateway passes remittanceInformationSecondary through unchanged:
 * UK Open Banking RemittanceInformation.Unstructured, Berlin Group remittanceInformationUnstructured):
 *
 * - no marker: credited as soon as the payment completes;
 * - `settle-after-<N>h`: credited N hours (sandbox clock) after the payment completes;
 * - `settle-never`: never credited;
 * - `settle-amount-<decimal>`: credited with that amount instead of the payment's;
 * - `settle-garbled-ref`: credited, but with a reference and description that match nothing.
 */
export type CreditScenario =
  | { readonly kind: 'immediate' }
  | { readonly kind: 'after'; readonly hours: number }
  | { readonly kind: 'never' }
  | { readonly kind: 'amount'; readonly amount: string }
  | { readonly kind: 'garbled-ref' };

const MARKER = /settle-(after-(\d{1,5})h|never|amount-(\d{1,14}(?:\.\d{1,2})?)|garbled-ref)(?![\w.-])/i;

export function creditScenarioOf(remittance: string): CreditScenario {
  const match = MARKER.exec(remittance);
  if (match === null) return { kind: 'immediate' };
  const [, marker = '', hours, amount] = match;
  if (hours !== undefined) return { kind: 'after', hours: Number(hours) };
  if (amount !== undefined) return { kind: 'amount', amount };
  return marker.toLowerCase() === 'never' ? { kind: 'never' } : { kind: 'garbled-ref' };
}

/** A reference that no longer names the payment: reversed, marked. */
export function garbled(reference: string): string {
  return `GARBLED-${[...reference].reverse().join('')}`;
}
