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

/** The answer of POST /v2/payments at a redirect bank: the user authorises at authentication.redirectUrl. */
export const INITIATE_PAYMENT_ANSWER_EXAMPLE = {
  payment: {
    id: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      bankId: 'ob-sandbox-gb',
      refId: 'inv-2026-0001',
      remittanceInformationPrimary: 'INV-2026-001',
      amount: { value: '10.50', currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      callbackUrl: 'https://tpp.example/payments/callback',
      returnRefundAccount: true,
      callbackState: 'order-4711',
      flowType: 'API_ONLY',
    },
    convertedToFutureDatedPayment: false,
    status: 'INITIATION_PENDING_REDIRECT_AUTH',
    bankPaymentStatus: 'AwaitingAuthorisation',
    authentication: {
      redirectUrl:
        'https://sandbox-bank.gateway.example/banks/ob-sandbox-gb/as/authorize?client_id=gateway-sandbox&response_type=code&redirect_uri=https%3A%2F%2Fapi.gateway.example%2Fbank-callback&scope=openid+payments&state=vJAXeqggt7rN6jp2BJv3PokyJ6v2dCvT&nonce=BBfc2qfsg7J1Xtb8vqT99bmE',
    },
    createdDateTime: '2026-12-03T11:56:39.237Z',
    updatedDateTime: '2026-12-03T11:56:39.254Z',
  },
};

/** The answer of GET /v2/payments: the member’s payments, newest first. */
export const PAYMENTS_ANSWER_EXAMPLE = {
  payments: [
    {
      id: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      initiation: {
        refId: 'inv-2026-0001',
        amount: { value: '10.50', currency: 'GBP' },
        bankId: 'ob-sandbox-gb',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: 'https://tpp.example/payments/callback',
        callbackState: 'order-4711',
        localInstrument: 'FASTER_PAYMENTS',
        returnRefundAccount: true,
        remittanceInformationPrimary: 'INV-2026-001',
        flowType: 'API_ONLY',
      },
      convertedToFutureDatedPayment: false,
      refundDetails: {
        refundAccount: { name: 'Jane Smith', sortCode: '602208', accountNumber: '66171653' },
        paymentRefundStatus: 'NONE',
        settledRefundAmount: { value: '0', currency: 'GBP' },
        remainingRefundAmount: { value: '10.5', currency: 'GBP' },
      },
      status: 'INITIATION_COMPLETED',
      bankPaymentStatus: 'AcceptedSettlementCompleted',
      bankPaymentId: 'DP-eaebdae571bab228a667446b',
      createdDateTime: '2026-12-03T11:56:39.237Z',
      updatedDateTime: '2026-12-03T11:56:39.406Z',
    },
  ],
  pageInfo: { limit: 10, offset: 'WzE3OTYyOTg5OTkyMzgsIiJd', haveMore: false },
};

/** The answer of GET /v2/payments/{paymentId}: the payment of INITIATE_PAYMENT_ANSWER_EXAMPLE once the bank settled it. */
export const PAYMENT_ANSWER_EXAMPLE = {
  payment: {
    id: 'pm2:PwAVk1b4Z7uhEuNSBm14Ci5p',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      refId: 'inv-2026-0001',
      amount: { value: '10.50', currency: 'GBP' },
      bankId: 'ob-sandbox-gb',
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      callbackUrl: 'https://tpp.example/payments/callback',
      callbackState: 'order-4711',
      localInstrument: 'FASTER_PAYMENTS',
      returnRefundAccount: true,
      remittanceInformationPrimary: 'INV-2026-001',
      flowType: 'API_ONLY',
    },
    convertedToFutureDatedPayment: false,
    refundDetails: {
      refundAccount: { name: 'Jane Smith', sortCode: '602208', accountNumber: '66171653' },
      paymentRefundStatus: 'NONE',
      settledRefundAmount: { value: '0', currency: 'GBP' },
      remainingRefundAmount: { value: '10.5', currency: 'GBP' },
    },
    status: 'INITIATION_COMPLETED',
    bankPaymentStatus: 'AcceptedSettlementCompleted',
    bankPaymentId: 'DP-eaebdae571bab228a667446b',
    createdDateTime: '2026-12-03T11:56:39.237Z',
    updatedDateTime: '2026-12-03T11:56:39.406Z',
  },
};

/** The answer of POST /v2/payments/{paymentId}/embedded-auth: the bank asks for the next field. */
export const EMBEDDED_AUTH_ANSWER_EXAMPLE = {
  payment: {
    id: 'pm2:uWR8Nv87Gt79RX5fcggUNdAP',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    initiation: {
      refId: 'order-4712',
      amount: { value: '9.99', currency: 'EUR' },
      bankId: 'ob-sandbox-eu',
      creditor: { iban: 'DE89370400440532013000', name: 'Haendler GmbH' },
      flowType: 'API_ONLY',
      callbackUrl: 'https://tpp.example/payments/callback',
      localInstrument: 'SEPA_INSTANT',
      remittanceInformationPrimary: 'Order 4712',
    },
    convertedToFutureDatedPayment: false,
    status: 'INITIATION_PENDING_EMBEDDED_AUTH',
    bankPaymentStatus: 'RCVD',
    bankPaymentId: 'BGPI-fcf2a8e4036c8ff39651b251',
    authentication: {
      fields: [
        {
          id: 'scaMethod',
          type: 'CHOICE_FIELD',
          options: ['SMS to +49 170 ***4321', 'Sandbox Bank app'],
          displayName: 'How do you want to confirm?',
        },
      ],
      isRetry: false,
      description: 'Choose how to receive your one-time code.',
    },
    createdDateTime: '2026-12-03T11:56:39.453Z',
    updatedDateTime: '2026-12-03T11:56:39.489Z',
  },
};

/** The answer of GET /qr-code: an SVG of the QR code. */
export const QR_CODE_ANSWER_EXAMPLE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 33 33" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h33v33H0z"/><path stroke="#000000" d="M4 4.5h7m2 0h2m1 0h2m2 0h1m1 0h7M4 5.5h1m5 0h1m3 0h2m2 0h2m2 0h1m5 0h1M4 6.5h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h1m2 0h1m2 0h1m1 0h3m1 0h1M4 7.5h1m1 0h3m1 0h1m1 0h1m1 0h2m1 0h4m1 0h1m1 0h3m1 0h1M4 8.5h1m1 0h3m1 0h1m1 0h2m1 0h1m4 0h1m1 0h1m1 0h3m1 0h1M4 9.5h1m5 0h1m1 0h1m1 0h1m3 0h3m1 0h1m5 0h1M4 10.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M12 11.5h1m2 0h1m2 0h3M4 12.5h1m1 0h5m2 0h2m2 0h1m4 0h5M4 13.5h3m2 0h1m1 0h1m2 0h1m2 0h1m2 0h2m1 0h1m3 0h1M4 14.5h1m1 0h1m3 0h1m1 0h2m1 0h1m1 0h4m1 0h1m2 0h1m1 0h2M4 15.5h3m1 0h2m1 0h1m2 0h1m1 0h1m1 0h2m2 0h2m4 0h1M6 16.5h1m1 0h1m1 0h1m5 0h4m1 0h4m1 0h3M4 17.5h3m1 0h2m8 0h1m1 0h2m1 0h1m1 0h1m1 0h1M4 18.5h1m1 0h2m2 0h1m1 0h5m2 0h1m2 0h4m1 0h2M4 19.5h1m1 0h4m1 0h5m3 0h1m2 0h3m3 0h1M4 20.5h1m2 0h1m1 0h2m1 0h1m1 0h5m1 0h5m1 0h1M12 21.5h1m1 0h1m1 0h1m3 0h1m3 0h2M4 22.5h7m9 0h1m1 0h1m1 0h1m1 0h3M4 23.5h1m5 0h1m1 0h1m3 0h1m1 0h1m1 0h1m3 0h2m1 0h2M4 24.5h1m1 0h3m1 0h1m1 0h2m3 0h8m1 0h1M4 25.5h1m1 0h3m1 0h1m1 0h1m1 0h5m3 0h1m1 0h5M4 26.5h1m1 0h3m1 0h1m1 0h2m11 0h2m1 0h1M4 27.5h1m5 0h1m3 0h2m2 0h4m1 0h3m2 0h1M4 28.5h7m1 0h6m5 0h6"/></svg>\n';
