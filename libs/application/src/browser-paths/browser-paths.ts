/**
 * The paths a user's browser reaches on the public port, shared by every domain that sends a
 * user there: the bank callback and the hosted pages' root. Each domain names its own pages
 * under the root (payments, token requests, VRP consents, payment links).
 */

/** Where banks send the user back to (registered with each bank as the redirect URI). */
export const BANK_CALLBACK_PATH = '/bank-callback';

/** The hosted pages' root (bank selection and the steps a user takes there). */
export const HOSTED_PAGES_PATH = '/hosted-pages';
