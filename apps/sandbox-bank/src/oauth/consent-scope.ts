import type { Consent } from '../store/consent.store.js';

/** The scope a user grant for this consent carries. */
export function userScopeFor(consent: Consent): string {
  return consent.kind === 'account-access' ? 'openid accounts' : 'openid payments';
}
