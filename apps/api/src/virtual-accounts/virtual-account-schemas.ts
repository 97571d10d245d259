import { PAGE_INFO_REF } from '../shared/openapi/page-info.schema.js';

/** OpenAPI schemas of the settlement account routes (the reference's shapes, in brief). */
const PARTY = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    iban: { type: 'string' },
    bic: { type: 'string' },
    sortCode: { type: 'string' },
    accountNumber: { type: 'string' },
  },
};

const VIRTUAL_ACCOUNT = {
  type: 'object',
  properties: {
    accountId: { type: 'string' },
    accountName: { type: 'string' },
    accountNickName: { type: 'string' },
    iban: { type: 'string' },
    bic: { type: 'string' },
    sortCode: { type: 'string' },
    accountNumber: { type: 'string' },
    currency: { type: 'string' },
    country: { type: 'string' },
    availableBalance: { type: 'string', example: '120.50' },
    bookedBalance: { type: 'string', example: '120.50' },
    clearedBalance: { type: 'string', example: '120.50' },
    status: { type: 'string', enum: ['ACTIVE', 'CLOSED', 'BLOCKED', 'CLIENT_BLOCKED'] },
    onBehalfOfId: { type: 'string' },
    createdDateTime: { type: 'string' },
    updatedDateTime: { type: 'string' },
  },
};

const TRANSACTION_ENTRY = {
  type: 'object',
  properties: {
    providerPaymentId: { type: 'string' },
    transactionType: { type: 'string', enum: ['CREDIT', 'DEBIT'] },
    amount: { type: 'object', properties: { value: { type: 'string' }, currency: { type: 'string' } } },
    createdDateTime: { type: 'string' },
    description: { type: 'string' },
    localInstrument: { type: 'string', enum: ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] },
    refId: { type: 'string' },
    debtor: PARTY,
    creditor: PARTY,
  },
};

const TRANSACTION = {
  ...TRANSACTION_ENTRY,
  properties: {
    ...TRANSACTION_ENTRY.properties,
    paymentId: { type: 'string' },
    transferId: { type: 'string' },
    payoutId: { type: 'string' },
    refundId: { type: 'string' },
  },
};

export const VIRTUAL_ACCOUNT_RESPONSE_SCHEMA = { type: 'object', properties: { virtualAccount: VIRTUAL_ACCOUNT } };

export const VIRTUAL_ACCOUNTS_RESPONSE_SCHEMA = {
  type: 'object',
  properties: { virtualAccount: { type: 'array', items: VIRTUAL_ACCOUNT }, pageInfo: PAGE_INFO_REF },
};

export const TRANSACTIONS_RESPONSE_SCHEMA = {
  type: 'object',
  properties: { transactions: { type: 'array', items: TRANSACTION_ENTRY }, pageInfo: PAGE_INFO_REF },
};

export const TRANSACTION_RESPONSE_SCHEMA = { type: 'object', properties: { transaction: TRANSACTION } };
