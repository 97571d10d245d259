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

/** The answer of POST /transfers: the transfer, settled by the bank. */
export const CREATE_TRANSFER_ANSWER_EXAMPLE = {
  transfer: {
    id: 't:CT3DKBvzDnRL6xQ8QdbNhoKc',
    createdAtMs: '1796298999103',
    status: 'SUCCESS',
    payload: {
      refId: 'order-4711',
      amount: { value: '4.20', currency: 'GBP' },
      tokenId: 'tt:TWqGaUJoBFaF4MS6mLeszXgB',
      description: 'order-4711',
      transferDestinations: [
        {
          customerData: { legalNames: ['Merchant Ltd'] },
          fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
        },
      ],
    },
    payloadSignatures: [],
    convertedToFutureDatedPayment: false,
    providerDetails: { id: 'DP-efacd448ddc3c58d77c05091', status: 'AcceptedSettlementCompleted' },
    refundDetails: { transferRefundStatus: 'NONE' },
    source: {
      bankId: 'ob-sandbox-gb',
      customerData: { legalNames: ['Jane Smith'] },
      accountIdentifier: { gbDomestic: { sortCode: '602208', accountNumber: '66171653' } },
    },
  },
};

/** The answer of GET /transfers. */
export const TRANSFERS_ANSWER_EXAMPLE = {
  transfers: [
    {
      id: 't:CT3DKBvzDnRL6xQ8QdbNhoKc',
      createdAtMs: '1796298999103',
      status: 'SUCCESS',
      payload: {
        refId: 'order-4711',
        amount: { value: '4.20', currency: 'GBP' },
        tokenId: 'tt:TWqGaUJoBFaF4MS6mLeszXgB',
        description: 'order-4711',
        transferDestinations: [
          {
            customerData: { legalNames: ['Merchant Ltd'] },
            fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
          },
        ],
      },
      payloadSignatures: [],
      convertedToFutureDatedPayment: false,
      providerDetails: { id: 'DP-efacd448ddc3c58d77c05091', status: 'AcceptedSettlementCompleted' },
      refundDetails: { transferRefundStatus: 'NONE' },
      source: {
        bankId: 'ob-sandbox-gb',
        customerData: { legalNames: ['Jane Smith'] },
        accountIdentifier: { gbDomestic: { sortCode: '602208', accountNumber: '66171653' } },
      },
    },
  ],
};

/** The answer of GET /transfers/{transferId}. */
export const TRANSFER_ANSWER_EXAMPLE = {
  transfer: {
    id: 't:CT3DKBvzDnRL6xQ8QdbNhoKc',
    createdAtMs: '1796298999103',
    status: 'SUCCESS',
    payload: {
      refId: 'order-4711',
      amount: { value: '4.20', currency: 'GBP' },
      tokenId: 'tt:TWqGaUJoBFaF4MS6mLeszXgB',
      description: 'order-4711',
      transferDestinations: [
        {
          customerData: { legalNames: ['Merchant Ltd'] },
          fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
        },
      ],
    },
    payloadSignatures: [],
    convertedToFutureDatedPayment: false,
    providerDetails: { id: 'DP-efacd448ddc3c58d77c05091', status: 'AcceptedSettlementCompleted' },
    refundDetails: { transferRefundStatus: 'NONE' },
    source: {
      bankId: 'ob-sandbox-gb',
      customerData: { legalNames: ['Jane Smith'] },
      accountIdentifier: { gbDomestic: { sortCode: '602208', accountNumber: '66171653' } },
    },
  },
};
