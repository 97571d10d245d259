/** The hosted pages' root (bank selection and the steps a user takes there). */
export const HOSTED_PAGES_PATH = '/hosted-pages';

/** Where a user picks their bank for a payment created without one (the hosted pages). */
export function hostedPagesUrl(publicBaseUrl: string, callbackToken: string): string {
  return `${publicBaseUrl}${HOSTED_PAGES_PATH}/payments/${encodeURIComponent(callbackToken)}`;
}
