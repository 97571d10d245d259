/** OpenAPI schemas of the refund routes (the reference's shapes, in brief). */
const ACCOUNT = {
  type: 'object',
  properties: {
    iban: { type: 'string' },
    bic: { type: 'string' },
    sortCode: { type: 'string' },
    accountNumber: { type: 'string' },
    name: { type: 'string' },
  },
};

export const REGISTRATION_REQUEST_SCHEMA = {
  type: 'object',
  required: ['bankId', 'debtor', 'credentials'],
  properties: {
    bankId: { type: 'string', description: 'The bank the registered account is held at.' },
    debtor: {
      ...ACCOUNT,
      description: 'The account refunds are paid from: an IBAN, or a sort code and account number.',
    },
    credentials: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description:
        'The credentials the bank issued for payments from the account without a user (for UK Open Banking banks: `grant`). Kept sealed; never answered.',
    },
  },
};

export const REGISTRATION_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    registration: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        createdDateTime: { type: 'string' },
        product: { type: 'string', example: 'REFUND' },
        registration: {
          type: 'object',
          properties: {
            bankId: { type: 'string' },
            debtor: ACCOUNT,
            credentialNames: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
};

export const REFUND_REQUEST_SCHEMA = {
  type: 'object',
  required: ['initiation'],
  properties: {
    initiation: {
      type: 'object',
      required: ['refId', 'amount', 'originalPaymentId', 'localInstrument'],
      properties: {
        refId: { type: 'string', maxLength: 18 },
        description: { type: 'string' },
        amount: { type: 'object', properties: { value: { type: 'string' }, currency: { type: 'string' } } },
        originalPaymentId: { type: 'string' },
        registrationId: { type: 'string' },
        localInstrument: { type: 'string', enum: ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] },
        onBehalfOfId: { type: 'string' },
        debtor: ACCOUNT,
        creditor: ACCOUNT,
      },
    },
  },
};

const REFUND = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    bankTransactionId: { type: 'string' },
    memberId: { type: 'string' },
    createdDateTime: { type: 'string' },
    updatedDateTime: { type: 'string' },
    status: { type: 'string' },
    bankPaymentStatus: { type: 'string' },
    statusReasonInformation: { type: 'string' },
    initiation: { type: 'object' },
  },
};

export const REFUND_RESPONSE_SCHEMA = { type: 'object', properties: { refund: REFUND } };

export const REFUNDS_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    refunds: { type: 'array', items: REFUND },
    paging: { type: 'object', properties: { limit: { type: 'integer' }, offset: { type: 'string' } } },
  },
};
