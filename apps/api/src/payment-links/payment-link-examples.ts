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
