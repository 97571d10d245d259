import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /v2/payment-links in the OpenAPI document. */
export const CREATE_PAYMENT_LINK_EXAMPLES: Record<string, ExampleObject> = {
  fixedAmountTwoUses: {
    summary: 'A fixed 10.50 GBP by Faster Payments, usable twice, expiring at the end of the year',
    value: {
      paymentTemplate: {
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        refId: 'ORDER-4711',
        remittanceInformationPrimary: 'ORDER 4711',
        callbackUrl: 'https://shop.example/paid',
      },
      linkConfig: { maxUsageCount: 2, expiresAt: '2027-12-31T23:59:59Z' },
    },
  },
  payerChosenAmount: {
    summary: 'The payer enters the amount: at most 50.00 EUR a payment and 500.00 EUR in all, by SEPA',
    value: {
      paymentTemplate: {
        amount: { currency: 'EUR' },
        localInstrument: 'SEPA',
        creditor: { name: 'Club e.V.', iban: 'DE89370400440532013000' },
        refId: 'DONATION',
        remittanceInformationPrimary: 'Donation',
        callbackUrl: 'https://club.example/thanks',
      },
      linkConfig: { perPaymentAmountLimit: '50.00', totalAmountLimit: '500.00' },
    },
  },
};

/** The answer of POST /v2/payment-links: the link, active, with the URL to share. */
export const CREATE_PAYMENT_LINK_ANSWER_EXAMPLE = {
  paymentLink: {
    id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    status: 'LINK_ACTIVE',
    createdAt: '2026-12-03T11:56:39.908Z',
    paymentTemplate: {
      id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
      refId: 'ORDER-4711',
      amount: { value: '10.50', currency: 'GBP' },
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      callbackUrl: 'https://tpp.example/payments/callback',
      localInstrument: 'FASTER_PAYMENTS',
      remittanceInformationPrimary: 'ORDER 4711',
    },
    linkConfig: { maxUsageCount: 10000000 },
    url: 'https://api.gateway.example/hosted-pages/payment-links/5c9dccd1e93276b3575d69fcd1081cd383613e7cde2ac150',
    currentUsage: { remainingCount: 10000000 },
  },
};

/** The answer of GET /v2/payment-links. */
export const PAYMENT_LINKS_ANSWER_EXAMPLE = {
  paymentLinks: [
    {
      id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      status: 'LINK_ACTIVE',
      createdAt: '2026-12-03T11:56:39.908Z',
      paymentTemplate: {
        id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
        refId: 'ORDER-4711',
        amount: { value: '10.50', currency: 'GBP' },
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: 'https://tpp.example/payments/callback',
        localInstrument: 'FASTER_PAYMENTS',
        remittanceInformationPrimary: 'ORDER 4711',
      },
      linkConfig: { maxUsageCount: 10000000 },
      url: 'https://api.gateway.example/hosted-pages/payment-links/5c9dccd1e93276b3575d69fcd1081cd383613e7cde2ac150',
      currentUsage: { remainingCount: 10000000 },
    },
  ],
  pageInfo: { limit: 200, haveMore: false },
};

/** The answer of GET /v2/payment-links/{paymentLinkId}. */
export const PAYMENT_LINK_ANSWER_EXAMPLE = {
  paymentLink: {
    id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    status: 'LINK_ACTIVE',
    createdAt: '2026-12-03T11:56:39.908Z',
    paymentTemplate: {
      id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
      refId: 'ORDER-4711',
      amount: { value: '10.50', currency: 'GBP' },
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      callbackUrl: 'https://tpp.example/payments/callback',
      localInstrument: 'FASTER_PAYMENTS',
      remittanceInformationPrimary: 'ORDER 4711',
    },
    linkConfig: { maxUsageCount: 10000000 },
    url: 'https://api.gateway.example/hosted-pages/payment-links/5c9dccd1e93276b3575d69fcd1081cd383613e7cde2ac150',
    currentUsage: { remainingCount: 10000000 },
  },
};

/** The answer of DELETE /v2/payment-links/{paymentLinkId}: the link, canceled. */
export const DEACTIVATE_PAYMENT_LINK_ANSWER_EXAMPLE = {
  paymentLink: {
    id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    status: 'LINK_CANCELED',
    createdAt: '2026-12-03T11:56:39.908Z',
    paymentTemplate: {
      id: 'pl-9eec8f0e78aa3b66afc6ea2de40c7924',
      refId: 'ORDER-4711',
      amount: { value: '10.50', currency: 'GBP' },
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      callbackUrl: 'https://tpp.example/payments/callback',
      localInstrument: 'FASTER_PAYMENTS',
      remittanceInformationPrimary: 'ORDER 4711',
    },
    linkConfig: { maxUsageCount: 10000000 },
    url: 'https://api.gateway.example/hosted-pages/payment-links/5c9dccd1e93276b3575d69fcd1081cd383613e7cde2ac150',
    currentUsage: { remainingCount: 10000000 },
  },
};
