/** The answer of GET /tokens. */
export const TOKENS_ANSWER_EXAMPLE = {
  tokens: [
    {
      id: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      payload: {
        to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
        from: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
        refId: 'ais-2026-0042',
        access: { resources: [{ account: {} }, { balance: {} }, { transactions: {} }, { standingOrders: {} }] },
        version: '1.0',
        expiresAtMs: '1804074998755',
        initiatorId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
        effectiveAtMs: '1796298998755',
        tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
      },
      payloadSignatures: [],
      tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
    },
  ],
};

/** The answer of GET /tokens/{tokenId}: an account information token. */
export const TOKEN_ANSWER_EXAMPLE = {
  token: {
    id: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
    payload: {
      to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
      from: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
      refId: 'ais-2026-0042',
      access: { resources: [{ account: {} }, { balance: {} }, { transactions: {} }, { standingOrders: {} }] },
      version: '1.0',
      expiresAtMs: '1804074998755',
      initiatorId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
      effectiveAtMs: '1796298998755',
      tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
    },
    payloadSignatures: [],
    tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
  },
};

/** The answer of PUT /tokens/{tokenId}/cancel. */
export const CANCEL_TOKEN_ANSWER_EXAMPLE = {
  result: {
    status: 'SUCCESS',
    token: {
      id: 'tt:FF8DmczSTJJLvQqAR7sYV33s',
      payload: {
        to: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
        from: { id: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb' },
        refId: 'ais-2026-0042',
        access: { resources: [{ account: {} }, { balance: {} }, { transactions: {} }, { standingOrders: {} }] },
        version: '1.0',
        expiresAtMs: '1804074998755',
        initiatorId: 'm:3Yq8TnVw2KdRf7HcLp5Xz9Mb',
        effectiveAtMs: '1796298998755',
        tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
      },
      payloadSignatures: [],
      tokenRequestId: 'rq:7sroh8fH2w6MoEpzDHXex6t2',
    },
  },
};
