import { HOSTED_PAGES_PATH } from '#libs/application';

/** The controller's route prefix (no leading slash, as Nest takes it). */
export const HOSTED_PAYMENT_ROUTE = `${HOSTED_PAGES_PATH.slice(1)}/payments`;

/** The bank selection page of a payment (GET shows it, POST picks a bank). */
export function selectionPath(token: string): string {
  return `${HOSTED_PAGES_PATH}/payments/${encodeURIComponent(token)}`;
}

/** Where the embedded step's form posts. */
export function embeddedPath(token: string): string {
  return `${selectionPath(token)}/embedded`;
}

/** Where the payment stands now (decoupled approval, a reload). */
export function statusPath(token: string): string {
  return `${selectionPath(token)}/status`;
}
