/** Where a user picks their bank for a payment created without one (the hosted pages). */
export function hostedPagesUrl(publicBaseUrl: string, callbackToken: string): string {
  return `${publicBaseUrl}/hosted-pages/payments/${encodeURIComponent(callbackToken)}`;
}
