type Schema = Record<string, unknown>;

/** The Token resource: payload is the interface's TokenPayload. */
const TOKEN: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string', example: 'tt:8zK1dic95omjWb72gvc3z3EL' },
    payload: {
      type: 'object',
      additionalProperties: true,
      description:
        'TokenPayload: version, refId, from, to, description, actingAs, tokenRequestId, effectiveAtMs, expiresAtMs, receiptRequested, initiatorId, and one of transfer, standingOrder, access.',
    },
    payloadSignatures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['memberId', 'keyId', 'signature'],
        properties: { memberId: { type: 'string' }, keyId: { type: 'string' }, signature: { type: 'string' } },
      },
    },
    tokenRequestId: { type: 'string' },
  },
};

export const TOKEN_RESPONSE: Schema = { type: 'object', properties: { token: TOKEN } };

export const TOKENS_RESPONSE: Schema = {
  type: 'object',
  properties: {
    tokens: { type: 'array', items: TOKEN },
    offset: { type: 'string', description: "The next page's page.offset; absent on the last page." },
  },
};

export const CANCEL_TOKEN_RESPONSE: Schema = {
  type: 'object',
  properties: {
    result: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['SUCCESS'] }, token: TOKEN },
    },
  },
};
