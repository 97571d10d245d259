import type { OpenAPIObject } from '@nestjs/swagger';
import { operationsOf } from './operations-of.js';

/** The public API's tags, in the order the document lists them, each with what it holds. */
export const PUBLIC_API_TAGS: Readonly<Record<string, string>> = {
  'Payments v2': 'Single immediate payments and VRPs: initiate, authorise at the bank, follow to the end.',
  'Token requests': 'Payments v1: token requests the user authorises at the bank, and their results.',
  Tokens: 'The tokens (consents) a member holds: read and cancel.',
  'Transfers (Payments v1)': 'Transfers redeemed against a transfer token.',
  'Variable Recurring Payments': 'VRP consents and the payments made under them.',
  Refunds: 'Refund accounts, refunds of payments and transfers.',
  Payouts: 'Payouts from a settlement account.',
  Verification: 'Checks of a payee account before paying it.',
  'Settlement Accounts': 'Settlement (virtual) accounts, their credits and settlement rules.',
  'Pay by Link': 'Payment links a payer opens to pay.',
  'Account on File': 'Tokenized accounts kept for later payments.',
  Accounts: 'Account information under the user’s consent: accounts, balances, transactions, standing orders.',
  'Sub-TPPs': 'The sub-TPPs a reseller acts for.',
  Banks: 'The bank catalogue and the countries it covers.',
  Reports: 'Bank availability reports.',
  Webhooks: 'Where the gateway sends notifications, and the keys that sign them.',
  'Authentication keys': 'The public keys a member signs its requests with.',
  Health: 'Liveness and readiness probes.',
};

/** Declares every tag an operation uses, with its description (a tag missing from PUBLIC_API_TAGS fails the build of the document). */
export function declareTags(document: OpenAPIObject): void {
  const used = new Set<string>();
  for (const operation of operationsOf<{ tags?: string[] }>(document))
    for (const tag of operation.tags ?? []) used.add(tag);
  const undeclared = [...used].filter((tag) => PUBLIC_API_TAGS[tag] === undefined);
  if (undeclared.length > 0) throw new Error(`OpenAPI tags without a description: ${undeclared.join(', ')}`);
  document.tags = Object.entries(PUBLIC_API_TAGS)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}
