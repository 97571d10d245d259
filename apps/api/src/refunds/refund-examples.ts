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

/** The answer of POST and GET /refund/registrations: the registration, the credentials named but never shown. */
export const REFUND_REGISTRATION_ANSWER_EXAMPLE = {
  registration: {
    id: '1f43fb4f-2fb2-4deb-b801-73aa237ce6ca',
    createdDateTime: '2026-12-03T11:56:38.912Z',
    product: 'REFUND',
    registration: {
      bankId: 'ob-sandbox-gb',
      debtor: { name: 'Merchant Ltd', sortCode: '605073', accountNumber: '93013873' },
      credentialNames: ['grant'],
    },
  },
};

/** The answer of DELETE /refund/registrations/{registrationId}: empty. */
export const DELETE_REFUND_REGISTRATION_ANSWER_EXAMPLE = {};

/** The answer of POST /refunds: a partial refund of a payment, from the registered account. */
export const INITIATE_REFUND_ANSWER_EXAMPLE = {
  refund: {
    id: 'rf:pY6yefoEDay91zKkL2LTVgYw',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    createdDateTime: '2026-12-03T11:56:39.543Z',
    updatedDateTime: '2026-12-03T11:56:39.543Z',
    status: 'INITIATION_PENDING',
    initiation: {
      paymentType: 'REFUND',
      refId: 'refund-2026-0001',
      amount: { value: '1.00', currency: 'GBP' },
      originalPaymentId: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
      registrationId: '1f43fb4f-2fb2-4deb-b801-73aa237ce6ca',
      localInstrument: 'FASTER_PAYMENTS',
      debtor: { name: 'Merchant Ltd', sortCode: '605073', accountNumber: '93013873' },
      creditor: { name: 'Jane Smith', sortCode: '602208', accountNumber: '66171653' },
    },
  },
};

/** The answer of GET /refunds. */
export const REFUNDS_ANSWER_EXAMPLE = {
  refunds: [
    {
      id: 'rf:pY6yefoEDay91zKkL2LTVgYw',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      createdDateTime: '2026-12-03T11:56:39.543Z',
      updatedDateTime: '2026-12-03T11:56:39.543Z',
      status: 'INITIATION_PENDING',
      initiation: {
        refId: 'refund-2026-0001',
        amount: { value: '1.00', currency: 'GBP' },
        debtor: { name: 'Merchant Ltd', sortCode: '605073', accountNumber: '93013873' },
        creditor: { name: 'Jane Smith', sortCode: '602208', accountNumber: '66171653' },
        paymentType: 'REFUND',
        registrationId: '1f43fb4f-2fb2-4deb-b801-73aa237ce6ca',
        localInstrument: 'FASTER_PAYMENTS',
        originalPaymentId: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
      },
    },
  ],
  paging: { limit: 10 },
};

/** The answer of GET /refunds/{id}. */
export const REFUND_ANSWER_EXAMPLE = {
  refund: {
    id: 'rf:pY6yefoEDay91zKkL2LTVgYw',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    createdDateTime: '2026-12-03T11:56:39.543Z',
    updatedDateTime: '2026-12-03T11:56:39.543Z',
    status: 'INITIATION_PENDING',
    initiation: {
      refId: 'refund-2026-0001',
      amount: { value: '1.00', currency: 'GBP' },
      debtor: { name: 'Merchant Ltd', sortCode: '605073', accountNumber: '93013873' },
      creditor: { name: 'Jane Smith', sortCode: '602208', accountNumber: '66171653' },
      paymentType: 'REFUND',
      registrationId: '1f43fb4f-2fb2-4deb-b801-73aa237ce6ca',
      localInstrument: 'FASTER_PAYMENTS',
      originalPaymentId: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
    },
  },
};

/** The answer of GET /transfers/{id}/refunds for a transfer not refunded yet. */
export const TRANSFER_REFUNDS_ANSWER_EXAMPLE = { refunds: [], paging: { limit: 10 } };
