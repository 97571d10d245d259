import type { ExampleObject } from '@nestjs/swagger';

const REDIRECT_URL = 'https://tpp.example/token-requests/callback';
const TO = { id: 'm:tpp-example' };

/**
 * Request examples of POST /token-requests in the OpenAPI document, one per kind of request:
 * each is a request the sandbox accepts as it stands (a test posts every one of them).
 */
export const STORE_TOKEN_REQUEST_EXAMPLES: Record<string, ExampleObject> = {
  transfer: {
    summary: 'A single UK Faster Payments transfer at a redirect bank',
    value: {
      requestOptions: { bankId: 'ob-sandbox-gb', receiptRequested: false },
      requestPayload: {
        refId: 'order-4711',
        to: TO,
        redirectUrl: REDIRECT_URL,
        callbackState: 'basket-4711',
        description: 'Order 4711',
        transferBody: {
          currency: 'GBP',
          lifetimeAmount: '10.50',
          remittanceReference: 'INV-2026-001',
          instructions: {
            transferDestinations: [
              {
                fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
                customerData: { legalNames: ['Merchant Ltd'] },
                type: 'BUSINESS',
              },
            ],
          },
        },
      },
    },
  },
  sepaTransfer: {
    summary: 'A SEPA transfer; the user picks the bank later',
    value: {
      requestPayload: {
        refId: 'order-4712',
        to: TO,
        redirectUrl: REDIRECT_URL,
        countries: ['DE', 'NL'],
        transferBody: {
          currency: 'EUR',
          lifetimeAmount: '25.00',
          instructions: {
            transferDestinations: [
              {
                sepa: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
                customerData: { legalNames: ['Haendler GmbH'] },
              },
            ],
          },
        },
      },
    },
  },
  standingOrder: {
    summary: 'A monthly standing order',
    value: {
      requestOptions: { bankId: 'ob-sandbox-gb' },
      requestPayload: {
        refId: 'rent-2030',
        to: TO,
        redirectUrl: REDIRECT_URL,
        description: 'Monthly rent',
        standingOrderBody: {
          amount: '750.00',
          currency: 'GBP',
          frequency: 'MNTH',
          startDate: '2030-01-01',
          endDate: '2030-12-01',
          remittanceReference: 'RENT',
          instructions: {
            transferDestinations: [
              {
                fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
                customerData: { legalNames: ['Landlord Ltd'] },
              },
            ],
          },
        },
      },
    },
  },
  access: {
    summary: 'Account-information access: accounts, balances and transactions',
    value: {
      requestOptions: { bankId: 'ob-sandbox-gb' },
      requestPayload: {
        refId: 'ais-0001',
        to: TO,
        redirectUrl: REDIRECT_URL,
        actingAs: { displayName: 'Sweepco', secondaryName: 'sweepco.example' },
        accessBody: {
          resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS'] },
          transactionHistoryDays: 90,
        },
        tokenExpiration: '4102444800000',
      },
    },
  },
};

/** Answers of POST /token-requests: the stored request, with its id. */
export const STORE_TOKEN_REQUEST_ANSWER_EXAMPLES: Record<string, { summary: string; value: unknown }> = {
  access: {
    summary: 'Account information: accounts, balances, transactions and standing orders',
    value: {
      tokenRequest: {
        id: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
        requestOptions: { to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' } },
        requestPayload: {
          refId: 'ais-2026-0042',
          to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
          redirectUrl: 'https://tpp.example/token-requests/done',
          callbackState: 'order-4711',
          accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS', 'STANDING_ORDERS'] } },
          id: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
        },
      },
    },
  },
  transfer: {
    summary: 'A 4.20 GBP payment by Faster Payments',
    value: {
      tokenRequest: {
        id: 'rq:wHp8YKu364L822rnbBenYRBo',
        requestOptions: { to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' } },
        requestPayload: {
          refId: 'order-4711',
          to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
          redirectUrl: 'https://tpp.example/token-requests/done',
          callbackState: 'order-4711',
          description: 'Order 4711',
          transferBody: {
            currency: 'GBP',
            lifetimeAmount: '4.20',
            instructions: {
              transferDestinations: [
                {
                  fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
                  customerData: { legalNames: ['Merchant Ltd'] },
                },
              ],
            },
          },
          id: 'rq:wHp8YKu364L822rnbBenYRBo',
        },
      },
    },
  },
};

/** The answer of GET /token-requests/{requestId}. */
export const TOKEN_REQUEST_ANSWER_EXAMPLE = {
  tokenRequest: {
    id: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
    requestOptions: { to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' } },
    requestPayload: {
      to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
      refId: 'ais-2026-0042',
      accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS', 'STANDING_ORDERS'] } },
      redirectUrl: 'https://tpp.example/token-requests/done',
      callbackState: 'order-4711',
      id: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
    },
  },
};

/** Answers of GET /token-requests/{tokenRequestId}/result. */
export const TOKEN_REQUEST_RESULT_ANSWER_EXAMPLES: Record<string, { summary: string; value: unknown }> = {
  pending: { summary: 'The user has not finished at the bank yet', value: { status: 'PENDING' } },
  processed: {
    summary: 'The user approved: the token, signed by the gateway',
    value: {
      status: 'PROCESSED',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      signature: {
        keyId: 'C0iDmMZ5PScKuUcgJfiaoz8hBjKwFfY8qxm3Xu3av9k',
        memberId: 'm:gateway',
        signature: 'Hij8GBfX7e-vKTvqqJHImuX6uzo7r5v9D57VccC3MzRw5cGNufF9sMD5Oan-W5YYn8s3XdZ1ZRJ0Goprn_8MAg',
      },
      bankId: 'ob-sandbox-gb',
    },
  },
};
