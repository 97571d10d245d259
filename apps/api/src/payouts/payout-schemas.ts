import { PAYOUT_STATUSES } from '#libs/domain';

/** OpenAPI schemas of the payout routes' answers (the reference's shapes, in brief); the request bodies' come from their DTOs. */
const AMOUNT = {
  type: 'object',
  required: ['value', 'currency'],
  properties: { value: { type: 'string', example: '10.23' }, currency: { type: 'string', example: 'GBP' } },
};

const CREDITOR = {
  type: 'object',
  required: ['name'],
  description:
    'The creditor: an IBAN (mod-97 checked; a BIC of 8 or 11 characters optional), or a UK sort code (6 digits) and account number (8 digits). EUR payouts need an IBAN and accountVerificationId.',
  properties: {
    name: { type: 'string' },
    ultimateCreditorName: { type: 'string' },
    bankName: { type: 'string' },
    iban: { type: 'string' },
    bic: { type: 'string' },
    accountNumber: { type: 'string' },
    sortCode: { type: 'string' },
    accountVerificationId: {
      type: 'string',
      description:
        'The id POST /account-verifications answered for this creditor: the member’s own, at most 24 hours old, of the same account and name (required for EUR payouts).',
    },
  },
};

const DEBTOR = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: { type: 'string', description: 'The member’s settlement account paid from.' } },
};

const PAYOUT = {
  type: 'object',
  required: ['id', 'memberId', 'createdDateTime', 'updatedDateTime', 'status'],
  properties: {
    id: { type: 'string', example: 'po:yj6sSEf7ZYFP8yxN6XWi1KkM' },
    bankTransactionId: { type: 'string' },
    memberId: { type: 'string' },
    createdDateTime: { type: 'string' },
    updatedDateTime: { type: 'string' },
    status: { type: 'string', enum: [...PAYOUT_STATUSES] },
    bankPaymentStatus: { type: 'string' },
    statusReasonInformation: { type: 'string' },
    initiation: {
      type: 'object',
      properties: {
        paymentType: { type: 'string', enum: ['PAYOUT'], description: 'Always PAYOUT (the reference requires it).' },
        description: { type: 'string' },
        refId: { type: 'string' },
        onBehalfOfId: { type: 'string' },
        amount: AMOUNT,
        debtor: DEBTOR,
        creditor: CREDITOR,
      },
    },
  },
};

export const PAYOUT_RESPONSE_SCHEMA = { type: 'object', properties: { payout: PAYOUT } };

export const PAYOUTS_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    payouts: { type: 'array', items: PAYOUT },
    paging: {
      type: 'object',
      properties: {
        limit: { type: 'integer', format: 'int32', minimum: 1, maximum: 200 },
        offset: { type: 'string', description: 'The offset of the next page; absent on the last one.' },
      },
    },
  },
};

export const ACCOUNT_VERIFICATION_RESPONSE_SCHEMA = {
  type: 'object',
  required: ['id', 'result'],
  properties: {
    id: { type: 'string', example: 'avr-01K8R977E2Y0XE5CYQE1608N06' },
    result: {
      type: 'object',
      required: ['status', 'reasons', 'details'],
      properties: {
        status: { type: 'string', enum: ['MATCH', 'NO_MATCH', 'CLOSE_MATCH', 'VERIFICATION_NOT_POSSIBLE'] },
        reasons: {
          type: 'array',
          items: { type: 'string', enum: ['UNKNOWN', 'EXACT_MATCH', 'NAME_MISMATCH', 'ACCOUNT_MISMATCH'] },
        },
        details: { type: 'string' },
        matched: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
  },
};
