import type { ExampleObject } from '@nestjs/swagger';

/**
 * Request examples of POST /transfers in the OpenAPI document. The tokenId stands for a transfer
 * token of the member's (auto-redeem off) from a token request for 10.50 GBP with the
 * description "Order 4711".
 */
export const CREATE_TRANSFER_EXAMPLES: Record<string, ExampleObject> = {
  wholeAmount: {
    summary: 'Redeem the token for what it has left to pay (the amount the user authorised)',
    value: { payload: { tokenId: 'tt:4QhGkKxXR7bVnA2Jm9sDcP8wLzEuY3tF' } },
  },
  explicitAmount: {
    summary: 'Redeem with the amount, refId and description repeated from the token request',
    value: {
      payload: {
        tokenId: 'tt:4QhGkKxXR7bVnA2Jm9sDcP8wLzEuY3tF',
        amount: { value: '10.50', currency: 'GBP' },
        refId: 'order-4711',
        description: 'Order 4711',
        confirmFunds: false,
      },
    },
  },
};
