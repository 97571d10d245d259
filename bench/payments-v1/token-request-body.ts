import { BANK_ID } from '../payments/settings.js';

/** A transfer token request (UK Faster Payments at the sandbox bank) with `refId` left to fill in. */
const TOKEN_REQUEST = {
  requestOptions: { bankId: BANK_ID },
  requestPayload: {
    refId: '@REF@',
    to: { id: 'm:bench-merchant' },
    redirectUrl: 'https://tpp.example/token-requests/callback',
    callbackState: 'bench-state',
    description: 'Order 2026-001',
    transferBody: {
      currency: 'GBP',
      lifetimeAmount: '10.50',
      instructions: {
        transferDestinations: [
          {
            fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
            customerData: { legalNames: ['Merchant Ltd'] },
          },
        ],
      },
    },
  },
};

const [HEAD = '', TAIL = ''] = JSON.stringify(TOKEN_REQUEST).split('@REF@');

/** The token request body as JSON text with `refId` in place (each request only concatenates). */
export const tokenRequestWithRef = (refId: string): string => `${HEAD}${refId}${TAIL}`;
