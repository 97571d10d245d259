import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /payouts in the OpenAPI document (debtor.accountId names a settlement account of the member). */
export const INITIATE_PAYOUT_EXAMPLES: Record<string, ExampleObject> = {
  sortCodeAccount: {
    summary: 'A GBP payout to a UK account (sort code and account number): description at most 18 characters',
    value: {
      initiation: {
        description: 'Invoice 2026-0001',
        refId: 'payout-2026-0001',
        amount: { value: '25.00', currency: 'GBP' },
        debtor: { accountId: 'pa:8DbPteGnytmMbKXdnWTReeRB' },
        creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
      },
    },
  },
  ibanAccount: {
    summary: 'A EUR payout to an IBAN, with the account verification of this creditor',
    value: {
      initiation: {
        description: 'Commission payout for March 2026 - partner 4711',
        refId: 'payout-2026-0002',
        amount: { value: '120.50', currency: 'EUR' },
        debtor: { accountId: 'pa:4TXFcixy9yKfEmhad45Jp6Lb' },
        creditor: {
          name: 'Jane Doe',
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          accountVerificationId: 'avr-01K8R977E2Y0XE5CYQE1608N06',
        },
      },
    },
  },
};

/** Request examples of POST /account-verifications in the OpenAPI document. */
export const VERIFY_ACCOUNT_EXAMPLES: Record<string, ExampleObject> = {
  euAccount: {
    summary: 'An EUR account (IBAN) checked for the payout that follows',
    value: { account: { name: 'John Doe', iban: 'GB33BUKB20201555555555', currency: 'EUR' } },
  },
  ukAccount: {
    summary: 'A GBP account (sort code and account number) of a person',
    value: {
      account: {
        name: 'John Doe',
        accountNumber: '12345678',
        sortCode: '123456',
        currency: 'GBP',
        accountType: 'PERSONAL',
      },
    },
  },
};

/** The answer of POST /payouts: the payout, on its way to the provider. */
export const INITIATE_PAYOUT_ANSWER_EXAMPLE = {
  payout: {
    id: 'po:4BnEeUcbdKXQk86h7WJvnqSF',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    createdDateTime: '2026-12-03T11:57:42.440Z',
    updatedDateTime: '2026-12-03T11:57:42.440Z',
    status: 'INITIATION_PENDING',
    initiation: {
      paymentType: 'PAYOUT',
      description: 'Invoice 2026-0001',
      refId: 'payout-2026-0001',
      amount: { value: '30.00', currency: 'GBP' },
      debtor: { accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v' },
      creditor: { name: 'Jane Doe', accountNumber: '12345678', sortCode: '040004' },
    },
  },
};

/** The answer of GET /payouts. */
export const PAYOUTS_ANSWER_EXAMPLE = {
  payouts: [
    {
      id: 'po:4BnEeUcbdKXQk86h7WJvnqSF',
      memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      createdDateTime: '2026-12-03T11:57:42.440Z',
      updatedDateTime: '2026-12-03T11:57:42.440Z',
      status: 'INITIATION_PENDING',
      initiation: {
        refId: 'payout-2026-0001',
        amount: { value: '30.00', currency: 'GBP' },
        debtor: { accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v' },
        creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
        description: 'Invoice 2026-0001',
        paymentType: 'PAYOUT',
      },
    },
  ],
  paging: { limit: 10 },
};

/** The answer of GET /payouts/{id}. */
export const PAYOUT_ANSWER_EXAMPLE = {
  payout: {
    id: 'po:4BnEeUcbdKXQk86h7WJvnqSF',
    memberId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
    createdDateTime: '2026-12-03T11:57:42.440Z',
    updatedDateTime: '2026-12-03T11:57:42.440Z',
    status: 'INITIATION_PENDING',
    initiation: {
      refId: 'payout-2026-0001',
      amount: { value: '30.00', currency: 'GBP' },
      debtor: { accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v' },
      creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
      description: 'Invoice 2026-0001',
      paymentType: 'PAYOUT',
    },
  },
};

/** The answer of POST /account-verifications: the name matches the account. */
export const VERIFY_ACCOUNT_ANSWER_EXAMPLE = {
  id: 'avr-01M8XW8Z4YZ0JCRSTY0XPRDTD7',
  result: { status: 'MATCH', reasons: ['EXACT_MATCH'], details: 'The account details match.' },
};
