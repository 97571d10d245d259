import { TOKEN_REQUEST_STATUSES } from '#libs/domain';

type Schema = Record<string, unknown>;

const SIGNATURE: Schema = {
  type: 'object',
  description: "The gateway's Ed25519 signature over {state: callbackState, tokenId} (JWKS at /.well-known/jwks.json).",
  properties: { keyId: { type: 'string' }, memberId: { type: 'string' }, signature: { type: 'string' } },
};

/** A TokenMember: the member a token request is for. */
const TOKEN_MEMBER: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' }, alias: { type: 'object', additionalProperties: true } },
};

/** StoreTokenRequestResponse and RetrieveTokenRequestResponse. */
export const TOKEN_REQUEST_RESPONSE: Schema = {
  type: 'object',
  properties: {
    tokenRequest: {
      type: 'object',
      required: ['id', 'requestOptions', 'requestPayload'],
      properties: {
        id: { type: 'string', description: 'The requestId of later calls.', example: 'rq:5Zx8v1Kz2f3w7HjP9qL4mN6b' },
        requestOptions: {
          type: 'object',
          additionalProperties: true,
          required: ['to'],
          properties: { to: TOKEN_MEMBER },
          description: "As sent, with `to`: the payload's `to`, the member the token is for.",
        },
        requestPayload: {
          type: 'object',
          additionalProperties: true,
          required: ['id', 'refId', 'to', 'redirectUrl'],
          properties: {
            id: { type: 'string', description: "The token request's id." },
            refId: { type: 'string' },
            to: TOKEN_MEMBER,
            redirectUrl: { type: 'string' },
            description: { type: 'string' },
            callbackState: { type: 'string' },
          },
          description: "As sent (account identifiers in their stored form), with `id`: the token request's id.",
        },
      },
    },
  },
};

/** GetTokenRequestResultWithStatusResponse. */
export const TOKEN_REQUEST_RESULT_RESPONSE: Schema = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: [...TOKEN_REQUEST_STATUSES] },
    tokenId: { type: 'string' },
    transferId: { type: 'string', description: 'Transfer requests, once the transfer exists.' },
    standingOrderSubmissionId: { type: 'string', description: 'Standing-order requests, once submitted.' },
    signature: SIGNATURE,
    statusReasonInformation: { type: 'string', maxLength: 256 },
    bankId: { type: 'string' },
  },
};
