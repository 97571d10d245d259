import { HOSTED_PAGES_PATH } from '../browser-paths/browser-paths.js';

/** Where a user picks the bank of a VRP consent created without one (the hosted pages). */
export function hostedVrpConsentPath(callbackToken: string): string {
  return `${HOSTED_PAGES_PATH}/vrp-consents/${encodeURIComponent(callbackToken)}`;
}
