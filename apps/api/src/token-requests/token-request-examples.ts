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
