import { REFUNDABLE_PAYMENTS } from './seed-refundable-payments.js';

/**
 * A partial refund (0.01 GBP over Faster Payments, both accounts named) of one of the seeded
 * payments, taken in turns, with a fresh refId: the body as JSON text.
 */
let turn = 0;
export const refundWithRef = (refId: string): string => {
  turn += 1;
  return JSON.stringify({
    initiation: {
      refId: refId.slice(-18),
      amount: { value: '0.01', currency: 'GBP' },
      originalPaymentId: `pm2:bench-${1 + (turn % REFUNDABLE_PAYMENTS)}`,
      localInstrument: 'FASTER_PAYMENTS',
      debtor: { sortCode: '040004', accountNumber: '87654321', name: 'Merchant Ltd' },
    },
  });
};
