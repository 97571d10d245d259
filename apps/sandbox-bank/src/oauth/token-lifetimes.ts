/** How long what the authorisation server hands out stays valid, in seconds. */
export const TOKEN_LIFETIMES = {
  clientToken: 3600,
  /** Long-lived so a VRP or account-access grant keeps working (the sandbox has no refresh tokens). */
  userToken: 90 * 86_400,
  /** A VRP consent's token lives as long as the consent may (the VRP profile: not 90 days). */
  vrpUserToken: 10 * 365 * 86_400,
  code: 600,
  authorizeSession: 900,
  cibaRequest: 300,
} as const;

/** Seconds a CIBA client should wait between token polls. */
export const CIBA_POLL_INTERVAL_SECONDS = 1;

export const KNOWN_SCOPES: ReadonlySet<string> = new Set(['openid', 'payments', 'accounts', 'fundsconfirmations']);

/** A registered-account credential (sandbox-only unattended payments) lasts as long as the agreement it stands for: a year here. */
export const REGISTERED_CREDENTIAL_TTL_SECONDS = 365 * 86_400;
