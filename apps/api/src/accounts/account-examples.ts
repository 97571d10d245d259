/** The answer of GET /accounts: the accounts the token gives access to (two shown). */
export const ACCOUNTS_ANSWER_EXAMPLE = {
  accounts: [
    {
      id: 'a:b2Itc2FuZGJveC1nYg:QUNDLWVkNDA3OWUyNWRhOGVmNjEwNzhh',
      bankId: 'ob-sandbox-gb',
      name: 'Current',
      accountDetails: {
        identifier: 'gbDomestic',
        accountIdentifiers: [{ gbDomestic: { sortCode: '602208', accountNumber: '66171653' } }],
        type: ['CHECKING'],
        currency: 'GBP',
        accountHolderName: 'Jane Smith',
        status: 'enabled',
        ProviderAccountDetails: {
          cma9AccountDetails: {
            accountType: 'PERSONAL_ACCOUNT',
            accountSubtype: 'CURRENT_ACCOUNT',
            name: 'Jane Smith',
          },
        },
      },
      accountFeatures: { supportsInformation: true, supportsReceivePayment: true, supportsSendPayment: true },
    },
    {
      id: 'a:b2Itc2FuZGJveC1nYg:QUNDLWFlNGFjYjFlMjA1MzkyOWIzZTI0',
      bankId: 'ob-sandbox-gb',
      name: 'Savings',
      accountDetails: {
        identifier: 'gbDomestic',
        accountIdentifiers: [{ gbDomestic: { sortCode: '607744', accountNumber: '03550136' } }],
        type: ['SAVINGS'],
        currency: 'GBP',
        accountHolderName: 'Jane Smith',
        status: 'enabled',
        ProviderAccountDetails: {
          cma9AccountDetails: { accountType: 'PERSONAL_ACCOUNT', accountSubtype: 'SAVINGS', name: 'Jane Smith' },
        },
      },
      accountFeatures: { supportsInformation: true, supportsReceivePayment: true, supportsSendPayment: true },
    },
  ],
};

/** The answer of GET /accounts/{accountId}. */
export const ACCOUNT_ANSWER_EXAMPLE = {
  account: {
    id: 'a:b2Itc2FuZGJveC1nYg:QUNDLWVkNDA3OWUyNWRhOGVmNjEwNzhh',
    bankId: 'ob-sandbox-gb',
    name: 'Current',
    accountDetails: {
      identifier: 'gbDomestic',
      accountIdentifiers: [{ gbDomestic: { sortCode: '602208', accountNumber: '66171653' } }],
      type: ['CHECKING'],
      currency: 'GBP',
      accountHolderName: 'Jane Smith',
      status: 'enabled',
      ProviderAccountDetails: {
        cma9AccountDetails: { accountType: 'PERSONAL_ACCOUNT', accountSubtype: 'CURRENT_ACCOUNT', name: 'Jane Smith' },
      },
    },
    accountFeatures: { supportsInformation: true, supportsReceivePayment: true, supportsSendPayment: true },
  },
};

/** The answer of GET /account-balance for the two accounts of ACCOUNTS_ANSWER_EXAMPLE. */
export const BALANCES_ANSWER_EXAMPLE = {
  response: [
    {
      balance: {
        accountId: 'a:b2Itc2FuZGJveC1nYg:QUNDLWVkNDA3OWUyNWRhOGVmNjEwNzhh',
        current: { currency: 'GBP', value: '10000.00' },
        available: { currency: 'GBP', value: '9930.81' },
        otherBalances: [],
      },
      status: 'SUCCESSFUL_REQUEST',
    },
    {
      balance: {
        accountId: 'a:b2Itc2FuZGJveC1nYg:QUNDLWFlNGFjYjFlMjA1MzkyOWIzZTI0',
        current: { currency: 'GBP', value: '2500.00' },
        available: { currency: 'GBP', value: '2500.00' },
        otherBalances: [],
      },
      status: 'SUCCESSFUL_REQUEST',
    },
  ],
};

/** The answer of GET /accounts/{accountId}/balance. */
export const BALANCE_ANSWER_EXAMPLE = {
  balance: {
    accountId: 'a:b2Itc2FuZGJveC1nYg:QUNDLWVkNDA3OWUyNWRhOGVmNjEwNzhh',
    current: { currency: 'GBP', value: '10000.00' },
    available: { currency: 'GBP', value: '9930.81' },
    otherBalances: [],
  },
  status: 'SUCCESSFUL_REQUEST',
};

/** The answer of GET /accounts/{accountId}/transactions (two shown). */
export const TRANSACTIONS_ANSWER_EXAMPLE = {
  transactions: [
    {
      id: 'ACC-ed4079e25da8ef61078a-H0079',
      bankTransactionId: 'ACC-ed4079e25da8ef61078a-H0079',
      type: 'DEBIT',
      status: 'PROCESSING',
      amount: { currency: 'GBP', value: '16.17' },
      description: 'Card payment The Crown Inn',
      createdAtMs: '1796292120000',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      providerTransactionDetails: { cma9ApiTransactionDetails: { merchantDetails: { merchantName: 'The Crown Inn' } } },
      metadata: { valueDateTime: '2026-12-03T10:02:00+00:00' },
    },
    {
      id: 'ACC-ed4079e25da8ef61078a-H0012',
      bankTransactionId: 'ACC-ed4079e25da8ef61078a-H0012',
      type: 'DEBIT',
      status: 'SUCCESS',
      amount: { currency: 'GBP', value: '750.00' },
      description: 'Rent (standing order)',
      createdAtMs: '1796101200000',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      creditorEndpoint: {
        accountIdentifier: { gbDomestic: { sortCode: '200000', accountNumber: '55667788' } },
        customerData: { legalNames: ['Sandbox Lettings Ltd'] },
      },
      providerTransactionDetails: {
        cma9ApiTransactionDetails: {
          creditorAccount: {
            accountIdentification: '20000055667788',
            creditorName: 'Sandbox Lettings Ltd',
            schemeName: 'UK.OBIE.SortCodeAccountNumber',
          },
        },
      },
      metadata: { transactionReference: 'RENT', valueDateTime: '2026-12-01T05:00:00+00:00' },
    },
  ],
  offset: 'dHg6NQ',
  status: 'SUCCESSFUL_REQUEST',
};

/** The answer of GET /accounts/{accountId}/transaction/{transactionId}. */
export const TRANSACTION_ANSWER_EXAMPLE = {
  transaction: {
    id: 'ACC-ed4079e25da8ef61078a-H0079',
    bankTransactionId: 'ACC-ed4079e25da8ef61078a-H0079',
    type: 'DEBIT',
    status: 'PROCESSING',
    amount: { currency: 'GBP', value: '16.17' },
    description: 'Card payment The Crown Inn',
    createdAtMs: '1796292120000',
    tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
    providerTransactionDetails: { cma9ApiTransactionDetails: { merchantDetails: { merchantName: 'The Crown Inn' } } },
    metadata: { valueDateTime: '2026-12-03T10:02:00+00:00' },
  },
  status: 'SUCCESSFUL_REQUEST',
};

/** The answer of GET /accounts/{accountId}/standing-orders. */
export const STANDING_ORDERS_ANSWER_EXAMPLE = {
  standingOrders: [
    {
      id: 'ACC-ed4079e25da8ef61078a-SO1',
      frequency: 'MNTH',
      status: 'ACTIVE',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      createdAtMs: '1753962998000',
      creditorEndpoint: {
        account: { domestic: { accountNumber: '55667788', bankCode: '200000', country: 'GB' } },
        accountIdentifier: { gbDomestic: { sortCode: '200000', accountNumber: '55667788' } },
      },
      providerStandingOrderDetails: {
        cma9StandingOrderDetails: {
          creditorAccount: {
            identification: '20000055667788',
            name: 'Sandbox Lettings Ltd',
            schemeName: 'UK.OBIE.SortCodeAccountNumber',
          },
          firstPaymentAmount: { currency: 'GBP', value: '750.00' },
          firstPaymentDateTime: '2025-07-31T11:56:38+00:00',
          frequency: 'IntrvlMnthDay:01:01',
          nextPaymentAmount: { currency: 'GBP', value: '750.00' },
          nextPaymentDateTime: '2027-01-01T00:00:00+00:00',
          reference: 'RENT',
        },
      },
    },
    {
      id: 'ACC-ed4079e25da8ef61078a-SO2',
      frequency: 'MNTH',
      status: 'ACTIVE',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      createdAtMs: '1764158198000',
      creditorEndpoint: {
        account: { domestic: { accountNumber: '66171653', bankCode: '602208', country: 'GB' } },
        accountIdentifier: { gbDomestic: { sortCode: '602208', accountNumber: '66171653' } },
      },
      providerStandingOrderDetails: {
        cma9StandingOrderDetails: {
          creditorAccount: {
            identification: '60220866171653',
            name: 'Savings',
            schemeName: 'UK.OBIE.SortCodeAccountNumber',
          },
          firstPaymentAmount: { currency: 'GBP', value: '200.00' },
          firstPaymentDateTime: '2025-11-26T11:56:38+00:00',
          frequency: 'IntrvlMnthDay:01:28',
          nextPaymentAmount: { currency: 'GBP', value: '200.00' },
          nextPaymentDateTime: '2026-12-28T00:00:00+00:00',
          reference: 'SAVINGS',
        },
      },
    },
    {
      id: 'ACC-ed4079e25da8ef61078a-SO3',
      frequency: 'WEEK',
      status: 'INACTIVE',
      tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      createdAtMs: '1762343798000',
      creditorEndpoint: {
        account: { domestic: { accountNumber: '99887766', bankCode: '200000', country: 'GB' } },
        accountIdentifier: { gbDomestic: { sortCode: '200000', accountNumber: '99887766' } },
      },
      providerStandingOrderDetails: {
        cma9StandingOrderDetails: {
          creditorAccount: {
            identification: '20000099887766',
            name: 'A Smith Junior',
            schemeName: 'UK.OBIE.SortCodeAccountNumber',
          },
          finalPaymentAmount: { currency: 'GBP', value: '15.00' },
          finalPaymentDateTime: '2026-04-27T11:56:38+00:00',
          firstPaymentAmount: { currency: 'GBP', value: '15.00' },
          firstPaymentDateTime: '2025-11-05T11:56:38+00:00',
          frequency: 'IntrvlWkDay:01:05',
          numberOfPayments: 26,
          reference: 'POCKET MONEY',
        },
      },
    },
  ],
  status: 'SUCCESSFUL_REQUEST',
};

/** The answer of GET /accounts/{accountId}/standing-orders/{standingOrderId}. */
export const STANDING_ORDER_ANSWER_EXAMPLE = {
  standingOrder: {
    id: 'ACC-ed4079e25da8ef61078a-SO1',
    frequency: 'MNTH',
    status: 'ACTIVE',
    tokenId: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
    createdAtMs: '1753962998000',
    creditorEndpoint: {
      account: { domestic: { accountNumber: '55667788', bankCode: '200000', country: 'GB' } },
      accountIdentifier: { gbDomestic: { sortCode: '200000', accountNumber: '55667788' } },
    },
    providerStandingOrderDetails: {
      cma9StandingOrderDetails: {
        creditorAccount: {
          identification: '20000055667788',
          name: 'Sandbox Lettings Ltd',
          schemeName: 'UK.OBIE.SortCodeAccountNumber',
        },
        firstPaymentAmount: { currency: 'GBP', value: '750.00' },
        firstPaymentDateTime: '2025-07-31T11:56:38+00:00',
        frequency: 'IntrvlMnthDay:01:01',
        nextPaymentAmount: { currency: 'GBP', value: '750.00' },
        nextPaymentDateTime: '2027-01-01T00:00:00+00:00',
        reference: 'RENT',
      },
    },
  },
  status: 'SUCCESSFUL_REQUEST',
};
