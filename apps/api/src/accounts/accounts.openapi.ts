type Schema = Record<string, unknown>;

const MONEY: Schema = {
  type: 'object',
  properties: { currency: { type: 'string', example: 'GBP' }, value: { type: 'string', example: '1250.40' } },
};
const STATUS: Schema = { type: 'string', enum: ['INVALID_REQUEST', 'SUCCESSFUL_REQUEST', 'MORE_SIGNATURES_NEEDED'] };
const NEXT_OFFSET: Schema = { type: 'string', description: "The next page's page.offset; absent on the last page." };

const ACCOUNT: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', example: 'a:b2Itc2FuZGJveC1nYg:QUNDLTAx' },
    bankId: { type: 'string', example: 'ob-sandbox-gb' },
    name: { type: 'string', example: 'Current' },
    accountDetails: {
      type: 'object',
      description:
        'identifier (gbDomestic, iban, bban, pan ...), accountIdentifiers, type (CHECKING, SAVINGS, LOAN, CARD, OTHER), currency, accountHolderName, bic, status, ProviderAccountDetails (cma9AccountDetails or nextGenPsd2AccountDetails).',
      additionalProperties: true,
    },
    accountFeatures: {
      type: 'object',
      properties: {
        supportsInformation: { type: 'boolean' },
        supportsReceivePayment: { type: 'boolean' },
        supportsSendPayment: { type: 'boolean' },
      },
    },
  },
};

const BALANCE: Schema = {
  type: 'object',
  properties: {
    accountId: { type: 'string' },
    current: MONEY,
    available: MONEY,
    otherBalances: {
      type: 'array',
      items: {
        type: 'object',
        properties: { type: { type: 'string' }, amount: MONEY, updatedAtMs: { type: 'string' } },
      },
    },
  },
};

const TRANSACTION: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    bankTransactionId: { type: 'string' },
    type: { type: 'string', enum: ['DEBIT', 'CREDIT'] },
    status: { type: 'string', enum: ['SUCCESS', 'PROCESSING', 'FAILURE_DECLINED'] },
    amount: MONEY,
    description: { type: 'string' },
    createdAtMs: { type: 'string' },
    tokenId: { type: 'string' },
    creditorEndpoint: { type: 'object', additionalProperties: true },
    bankTransactionCode: { type: 'object', additionalProperties: true },
    providerTransactionDetails: { type: 'object', additionalProperties: true },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const STANDING_ORDER: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    frequency: { type: 'string', example: 'MNTH' },
    status: { type: 'string', enum: ['INVALID', 'ACTIVE', 'INACTIVE', 'PROCESSING', 'FAILED', 'UNKNOWN'] },
    createdAtMs: { type: 'string' },
    tokenId: { type: 'string' },
    creditorEndpoint: { type: 'object', additionalProperties: true },
    providerStandingOrderDetails: { type: 'object', additionalProperties: true },
  },
};

export const ACCOUNTS_RESPONSE: Schema = {
  type: 'object',
  properties: { accounts: { type: 'array', items: ACCOUNT } },
};
export const ACCOUNT_RESPONSE: Schema = { type: 'object', properties: { account: ACCOUNT } };
export const BALANCE_RESPONSE: Schema = { type: 'object', properties: { balance: BALANCE, status: STATUS } };
export const BALANCES_RESPONSE: Schema = {
  type: 'object',
  properties: { response: { type: 'array', items: BALANCE_RESPONSE } },
};
export const TRANSACTIONS_RESPONSE: Schema = {
  type: 'object',
  properties: { transactions: { type: 'array', items: TRANSACTION }, offset: NEXT_OFFSET, status: STATUS },
};
export const TRANSACTION_RESPONSE: Schema = {
  type: 'object',
  properties: { transaction: TRANSACTION, status: STATUS },
};
export const STANDING_ORDERS_RESPONSE: Schema = {
  type: 'object',
  properties: { standingOrders: { type: 'array', items: STANDING_ORDER }, offset: NEXT_OFFSET, status: STATUS },
};
export const STANDING_ORDER_RESPONSE: Schema = {
  type: 'object',
  properties: { standingOrder: STANDING_ORDER, status: STATUS },
};
