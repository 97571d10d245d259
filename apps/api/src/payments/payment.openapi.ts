import { PAYMENT_REFUND_STATUSES, PAYMENT_STATUSES } from '#libs/domain';
import { PAGE_INFO_SCHEMA } from '../shared/openapi/page-info.schema.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** An amount as answered (a decimal string, `0` included, and its currency). */
const MONEY: Schema = {
  type: 'object',
  required: ['value', 'currency'],
  properties: { value: { type: 'string', example: '10.00' }, currency: { type: 'string', example: 'GBP' } },
};

/**
 * Response schemas of Payments v2 in the reference spec's names (Payment, PaymentStatus,
 * EmbeddedAuth, RequiredField, RedirectUrl, PageInfo), added to the public OpenAPI document.
 * Request bodies are described by their DTO classes.
 */
export const PAYMENT_OPENAPI_SCHEMAS: Readonly<Record<string, Schema>> = {
  PaymentStatus: { type: 'string', enum: [...PAYMENT_STATUSES] },
  RequiredField: {
    type: 'object',
    required: ['displayName', 'id', 'type'],
    properties: {
      type: { type: 'string', enum: ['FIELD', 'PASSWORD', 'CHOICE_FIELD'] },
      id: { type: 'string' },
      displayName: { type: 'string' },
      additionalInformation: { type: 'string' },
      options: {
        type: 'array',
        description:
          'For CHOICE_FIELD: the values to choose from (for example SCA methods); send one of them back under the field id.',
        items: { type: 'string' },
      },
    },
  },
  EmbeddedAuth: {
    type: 'object',
    required: ['fields'],
    properties: {
      description: { type: 'string' },
      image: { type: 'string' },
      flickerCode: { type: 'string' },
      fields: { type: 'array', items: ref('RequiredField') },
      isRetry: { type: 'boolean', default: false },
    },
  },
  RedirectUrl: { type: 'object', required: ['redirectUrl'], properties: { redirectUrl: { type: 'string' } } },
  PageInfo: PAGE_INFO_SCHEMA,
  Payment: {
    type: 'object',
    required: ['createdDateTime', 'id', 'initiation', 'memberId', 'status', 'updatedDateTime'],
    properties: {
      id: { type: 'string', example: 'pm2:4QExXrhKTxfShBdcTeqFabqJ' },
      memberId: { type: 'string' },
      initiation: {
        allOf: [ref('PaymentInitiationDto')],
        description: 'The initiation as accepted (AUTO_SELECT replaced by the chosen rail once the bank is known).',
      },
      convertedToFutureDatedPayment: { type: 'boolean', default: false },
      refundDetails: {
        type: 'object',
        description: 'Where refunds go (the account the bank gave), and how much of the payment they have taken.',
        required: ['refundAccount', 'paymentRefundStatus', 'settledRefundAmount', 'remainingRefundAmount'],
        properties: {
          refundAccount: { type: 'object', additionalProperties: true, description: 'As the bank gave it.' },
          paymentRefundStatus: { type: 'string', enum: [...PAYMENT_REFUND_STATUSES] },
          settledRefundAmount: MONEY,
          remainingRefundAmount: MONEY,
        },
      },
      status: ref('PaymentStatus'),
      statusReasonInformation: { type: 'string', maxLength: 256 },
      bankPaymentStatus: { type: 'string' },
      bankPaymentId: { type: 'string' },
      authentication: { oneOf: [ref('RedirectUrl'), ref('EmbeddedAuth')] },
      createdDateTime: { type: 'string', format: 'date-time' },
      updatedDateTime: { type: 'string', format: 'date-time' },
      errorInfo: {
        type: 'object',
        required: ['httpErrorCode'],
        properties: {
          httpErrorCode: { type: 'integer', format: 'int32', minimum: 100, maximum: 599 },
          message: { type: 'string' },
          tokenExternalError: { type: 'boolean' },
          tokenTraceId: { type: 'string' },
        },
      },
    },
  },
};
