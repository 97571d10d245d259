/** OpenAPI schemas of the refund routes' answers (the reference's shapes, in brief); the request bodies' come from their DTOs. */
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
    initiation: {
      allOf: [{ $ref: '#/components/schemas/RefundInitiationDto' }],
      description:
        'The initiation as accepted, its debtor and creditor as resolved (from the registration, the payment).',
    },
  },
};

export const REFUND_RESPONSE_SCHEMA = { type: 'object', properties: { refund: REFUND } };

export const REFUNDS_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    refunds: { type: 'array', items: REFUND },
    paging: {
      type: 'object',
      properties: { limit: { type: 'integer', format: 'int32', minimum: 1, maximum: 200 }, offset: { type: 'string' } },
    },
  },
};
