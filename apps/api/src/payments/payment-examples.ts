import type { ExampleObject } from '@nestjs/swagger';

const CALLBACK_URL = 'https://tpp.example/payments/callback';

/**
 * Request examples of Payments v2 in the OpenAPI document: each is a request the sandbox accepts
 * as it stands (a test posts every one of them).
 */
export const INITIATE_PAYMENT_EXAMPLES: Record<string, ExampleObject> = {
  fasterPayments: {
    summary: 'UK Faster Payments at a redirect bank',
    value: {
      initiation: {
        bankId: 'ob-sandbox-gb',
        refId: 'inv-2026-0001',
        remittanceInformationPrimary: 'INV-2026-001',
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: CALLBACK_URL,
        callbackState: 'order-4711',
        flowType: 'API_ONLY',
      },
    },
  },
  sepa: {
    summary: 'SEPA credit transfer at a Berlin Group bank',
    value: {
      initiation: {
        bankId: 'ob-sandbox-eu-redirect',
        refId: 'order-4711',
        remittanceInformationPrimary: 'Order 4711',
        amount: { value: '25.00', currency: 'EUR' },
        localInstrument: 'SEPA',
        creditor: { name: 'Haendler GmbH', iban: 'DE89370400440532013000' },
        callbackUrl: CALLBACK_URL,
        flowType: 'API_ONLY',
      },
    },
  },
  sepaInstantEmbedded: {
    summary: 'SEPA Instant at a bank with embedded authentication (the fields come back in the payment)',
    value: {
      initiation: {
        bankId: 'ob-sandbox-eu',
        refId: 'order-4712',
        remittanceInformationPrimary: 'Order 4712',
        amount: { value: '99.99', currency: 'EUR' },
        localInstrument: 'SEPA_INSTANT',
        creditor: { name: 'Haendler GmbH', iban: 'DE89370400440532013000' },
        callbackUrl: CALLBACK_URL,
        flowType: 'API_ONLY',
      },
    },
  },
  hostedBankSelection: {
    summary:
      'Without a bankId: the user picks the bank at the hosted pages (authentication.redirectUrl), then authorises there',
    value: {
      initiation: {
        refId: 'order-4713',
        remittanceInformationPrimary: 'Order 4713',
        amount: { value: '12.00', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: CALLBACK_URL,
        flowType: 'FULL_HOSTED_PAGES',
      },
    },
  },
};

/** The first step of the embedded sandbox bank: its user and password. */
export const EMBEDDED_AUTH_EXAMPLES: Record<string, ExampleObject> = {
  credentials: {
    summary: "The user's credentials, when the payment's authentication asks for psuId and password",
    value: { embeddedAuth: { psuId: 'sandbox-success', password: '12345' } },
  },
};
