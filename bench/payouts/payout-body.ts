import { SETTLEMENT_ACCOUNTS } from './seed-settlement-accounts.js';

/**
 * A payout of 0.01 GBP to a UK account from one of the seeded settlement accounts, taken in
 * turns, with a fresh refId: the body as JSON text.
 */
let turn = 0;
export const payoutWithRef = (refId: string): string => {
  turn += 1;
  return JSON.stringify({
    initiation: {
      description: 'Bench payout 0001',
      refId: refId.slice(-18),
      amount: { value: '0.01', currency: 'GBP' },
      debtor: { accountId: `pa:bench-${1 + (turn % SETTLEMENT_ACCOUNTS)}` },
      creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
    },
  });
};
