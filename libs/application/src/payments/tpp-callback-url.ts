import type { Payment } from '#libs/db';
import type { PaymentInitiationInput } from '#libs/domain';

/** Where the user's browser goes after the bank: the TPP's callbackUrl with the payment's id. */
export function tppCallbackUrl(payment: Payment): string {
  const initiation = payment.initiation as unknown as PaymentInitiationInput;
  const url = new URL(initiation.callbackUrl);
  url.searchParams.set('paymentId', payment.id);
  if (initiation.callbackState !== undefined) url.searchParams.set('callbackState', initiation.callbackState);
  return url.toString();
}
