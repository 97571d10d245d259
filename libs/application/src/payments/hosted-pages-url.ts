import { HOSTED_PAGES_PATH } from '../browser-paths/browser-paths.js';

/** Where a user picks their bank for a payment created without one (the hosted pages). */
export function hostedPagesUrl(publicBaseUrl: string, callbackToken: string): string {
  return `${publicBaseUrl}${HOSTED_PAGES_PATH}/payments/${encodeURIComponent(callbackToken)}`;
}
