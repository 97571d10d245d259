import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /refund/registrations in the OpenAPI document. */
export const REGISTER_REFUND_ACCOUNT_EXAMPLES: Record<string, ExampleObject> = {
  ukAccount: {
    summary: 'A UK account (sort code and account number) and the credential its bank issued for unattended payments',
    value: {
      bankId: 'ob-sandbox-gb',
      debtor: { sortCode: '040004', accountNumber: '12345678', name: 'Merchant Ltd' },
      credentials: { grant: 'the-credential-the-bank-issued' },
    },
  },
  sepaAccount: {
    summary: 'A SEPA account (IBAN and BIC) with several provider credentials',
    value: {
      bankId: 'ob-sandbox-gb',
      debtor: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', name: 'Haendler GmbH' },
      credentials: { appId: 'my-app-id', appSecret: 'my-app-secret' },
    },
  },
};

/** Request examples of POST /refunds in the OpenAPI document (originalPaymentId names a completed payment of the member). */
export const INITIATE_REFUND_EXAMPLES: Record<string, ExampleObject> = {
  fromRegistration: {
    summary: 'A partial refund: debtor from the registration, creditor from the payment’s refund account',
    value: {
      initiation: {
        refId: 'refund-2026-0001',
        description: 'Returned item',
        amount: { value: '5.00', currency: 'GBP' },
        originalPaymentId: 'pm2:4QExXrhKTxfShBdcTeqFabqJ',
        registrationId: '123e4567-e89b-12d3-a456-426614174000',
        localInstrument: 'FASTER_PAYMENTS',
      },
    },
  },
  explicitAccounts: {
    summary: 'A SEPA refund naming both accounts',
    value: {
      initiation: {
        refId: 'refund-2026-0002',
        amount: { value: '25.00', currency: 'EUR' },
        originalPaymentId: 'pm2:N5cJDFsQzVca3Qvr8kQocgEn',
        localInstrument: 'SEPA',
        debtor: { iban: 'DE89370400440532013000', name: 'Haendler GmbH' },
        creditor: { iban: 'FR1420041010050500013M02606', name: 'Jean Dupont' },
      },
    },
  },
};
