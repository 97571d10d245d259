import type { ExampleObject } from '@nestjs/swagger';

/** Request examples of POST /virtual-accounts in the OpenAPI document. */
export const CREATE_VIRTUAL_ACCOUNT_EXAMPLES: Record<string, ExampleObject> = {
  eur: {
    summary: 'A EUR settlement account (IBAN and BIC)',
    value: { currency: 'EUR', country: 'DE', accountNickName: 'Marketplace EUR' },
  },
  gbp: {
    summary: 'A GBP settlement account (sort code and account number)',
    value: { currency: 'GBP', country: 'GB', accountNickName: 'Marketplace GBP' },
  },
  onBehalfOf: {
    summary: 'An account opened for one of the member’s sub-TPPs',
    value: { currency: 'EUR', country: 'NL', onBehalfOfId: 'st:7Hn2KqWcYt4RbXe9LmPzA3Ds' },
  },
};

/** Answers of POST /virtual-accounts: the new account, empty, with its local details. */
export const CREATE_VIRTUAL_ACCOUNT_ANSWER_EXAMPLES: Record<string, { summary: string; value: unknown }> = {
  gbp: {
    summary: 'A GBP account in the UK (sort code and account number)',
    value: {
      virtualAccount: {
        accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v',
        status: 'ACTIVE',
        currency: 'GBP',
        country: 'GB',
        accountName: 'Sandbox Settlement Account',
        sortCode: '040599',
        accountNumber: '52318131',
        availableBalance: '0.00',
        bookedBalance: '0.00',
        clearedBalance: '0.00',
        createdDateTime: '2026-12-03T11:56:39.995Z',
        updatedDateTime: '2026-12-03T11:56:40.015Z',
      },
    },
  },
  eur: {
    summary: 'A EUR account in Germany (IBAN and BIC)',
    value: {
      virtualAccount: {
        accountId: 'pa:ZBDKyPeHtX3xiDEDcyuPCJi4',
        status: 'ACTIVE',
        currency: 'EUR',
        country: 'DE',
        accountName: 'Sandbox Settlement Account',
        iban: 'DE62999600004024865954',
        bic: 'SBXSDEFFSTL',
        availableBalance: '0.00',
        bookedBalance: '0.00',
        clearedBalance: '0.00',
        createdDateTime: '2026-12-03T11:57:42.477Z',
        updatedDateTime: '2026-12-03T11:57:42.490Z',
      },
    },
  },
};

/** The answer of GET /virtual-accounts. */
export const VIRTUAL_ACCOUNTS_ANSWER_EXAMPLE = {
  virtualAccount: [
    {
      accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v',
      status: 'ACTIVE',
      currency: 'GBP',
      country: 'GB',
      accountName: 'Sandbox Settlement Account',
      sortCode: '040599',
      accountNumber: '52318131',
      availableBalance: '100.00',
      bookedBalance: '100.00',
      clearedBalance: '100.00',
      createdDateTime: '2026-12-03T11:56:39.995Z',
      updatedDateTime: '2026-12-03T11:57:11.128Z',
    },
  ],
  pageInfo: { limit: 200, haveMore: false },
};

/** The answer of GET /virtual-accounts/{accountId}: the GBP account after a 100.00 credit. */
export const VIRTUAL_ACCOUNT_ANSWER_EXAMPLE = {
  virtualAccount: {
    accountId: 'pa:e3LFWUTk3ya9zRYe9E48ry7v',
    status: 'ACTIVE',
    currency: 'GBP',
    country: 'GB',
    accountName: 'Sandbox Settlement Account',
    sortCode: '040599',
    accountNumber: '52318131',
    availableBalance: '100.00',
    bookedBalance: '100.00',
    clearedBalance: '100.00',
    createdDateTime: '2026-12-03T11:56:39.995Z',
    updatedDateTime: '2026-12-03T11:57:11.128Z',
  },
};

/** The answer of GET /virtual-accounts/{accountId}/transactions. */
export const VIRTUAL_ACCOUNT_TRANSACTIONS_ANSWER_EXAMPLE = {
  transactions: [
    {
      providerPaymentId: 'SC-2e013e2e5ed1d08b85edf264',
      transactionType: 'CREDIT',
      amount: { value: '100.00', currency: 'GBP' },
      createdDateTime: '2026-12-03T11:56:40.036Z',
      description: 'Payin',
      localInstrument: 'FASTER_PAYMENTS',
      refId: 'top-up-0193',
      debtor: { name: 'Jan de Vries', iban: 'NL91ABNA0417164300' },
      creditor: { name: 'Sandbox Settlement Account', sortCode: '040599', accountNumber: '52318131' },
    },
  ],
  pageInfo: { limit: 10, haveMore: false },
};

/** The answer of GET /virtual-accounts/{accountId}/transactions/{providerPaymentId}. */
export const VIRTUAL_ACCOUNT_TRANSACTION_ANSWER_EXAMPLE = {
  transaction: {
    providerPaymentId: 'SC-2e013e2e5ed1d08b85edf264',
    transactionType: 'CREDIT',
    amount: { value: '100.00', currency: 'GBP' },
    createdDateTime: '2026-12-03T11:56:40.036Z',
    description: 'Payin',
    localInstrument: 'FASTER_PAYMENTS',
    refId: 'top-up-0193',
    debtor: { name: 'Jan de Vries', iban: 'NL91ABNA0417164300' },
    creditor: { name: 'Sandbox Settlement Account', sortCode: '040599', accountNumber: '52318131' },
  },
};
