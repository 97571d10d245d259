/**
 * What a payment made by a sandbox user does after it is submitted. The username typed on the
 * bank's consent page (or sent as the CIBA login_hint) decides the scenario.
 */
export type SubmissionBehaviour =
  /** Debits the account: settled at once (or Rejected for lack of funds). */
  | 'settle'
  /** Rejected by the bank. */
  | 'reject'
  /** Pending for `pendingPolls` status reads, then settled. */
  | 'pending-then-settle'
  /** Pending for ever. */
  | 'pending-forever'
  /** The bank's API answers 500 to every call about this user's resources once authorised. */
  | 'server-error';

export interface ScenarioUser {
  readonly behaviour: SubmissionBehaviour;
  readonly pendingPolls: number;
  /** Balance of the user's current account when the bank first sees the user. */
  readonly openingBalance: string;
  /** What the user does with a decoupled (CIBA) request. */
  readonly decoupledDecision: 'approve' | 'deny';
  /**
   * The user revokes a VRP consent at the bank right after its first payment: the bank revokes
   * the consent's access tokens (the consent stays Authorised, as the VRP profile says), so later
   * payments and funds confirmations under it are refused.
   */
  readonly revokesVrpConsentAfterFirstPayment: boolean;
  readonly description: string;
  /** The bank revokes the user's account-access consent once authorised: every read answers that it was revoked. */
  readonly revokesAccountAccess?: boolean;
}

const DEFAULT_BALANCE = '10000.00';

function user(behaviour: SubmissionBehaviour, description: string, extra: Partial<ScenarioUser> = {}): ScenarioUser {
  return {
    behaviour,
    pendingPolls: 0,
    openingBalance: DEFAULT_BALANCE,
    decoupledDecision: 'approve',
    revokesVrpConsentAfterFirstPayment: false,
    description,
    ...extra,
  };
}

export const SCENARIO_USERS: Readonly<Record<string, ScenarioUser>> = {
  'sandbox-success': user('settle', 'Payments complete (AcceptedSettlementCompleted) when submitted.'),
  'sandbox-insufficient-funds': user(
    'settle',
    'The current account holds 0.00: payments are Rejected for insufficient funds (AM04).',
    { openingBalance: '0.00' },
  ),
  'sandbox-rejected': user('reject', 'Payments are Rejected by the bank when submitted.'),
  'sandbox-slow': user('pending-then-settle', 'Payments stay Pending for 3 status polls, then complete.', {
    pendingPolls: 3,
  }),
  'sandbox-no-final-status': user('pending-forever', 'Payments stay Pending for ever.'),
  'sandbox-bank-error': user('server-error', "After authorisation the bank's API answers 500 to this user's calls."),
  'sandbox-vrp-revoked': user(
    'settle',
    'Revokes a VRP consent at the bank after its first payment: that payment completes, later ones are refused (401).',
    { revokesVrpConsentAfterFirstPayment: true },
  ),
  'sandbox-consent-revoked': user(
    'settle',
    'Authorises account access, then revokes it at the bank: every account read answers that the consent was revoked.',
    { revokesAccountAccess: true },
  ),
  'sandbox-deny': user('settle', 'Denies decoupled (CIBA) requests; otherwise like sandbox-success.', {
    decoupledDecision: 'deny',
  }),
};

/** Whether the username is one of the scenario users (who hold a year of account history). */
export function isScenarioUser(username: string): boolean {
  return Object.hasOwn(SCENARIO_USERS, username);
}

/** Any other username behaves like sandbox-success. */
export function scenarioFor(username: string): ScenarioUser {
  return SCENARIO_USERS[username] ?? SCENARIO_USERS['sandbox-success'] ?? user('settle', 'default');
}
