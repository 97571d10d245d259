/** The answer of PUT /webhook/config: the signing secret, shown only here. */
export const SET_WEBHOOK_CONFIG_ANSWER_EXAMPLE = { secret: 'whsec_m8NDyc9n1kJadaLUndh53Ywsp1saCz1f8etu4IXjvJk=' };

/** The answer of GET /webhook/config. */
export const WEBHOOK_CONFIG_ANSWER_EXAMPLE = {
  config: { type: ['PAYMENT_STATUS_CHANGED', 'BANK_AIS_OUTAGE_STATUS_CHANGED'], url: 'https://tpp.example/webhooks' },
};

/** The answer of DELETE /webhook/config: empty. */
export const DELETE_WEBHOOK_CONFIG_ANSWER_EXAMPLE = {};

/** The answer of POST /webhook/config/secret/rotate: the new secret, and when the previous ones stop signing. */
export const ROTATE_WEBHOOK_SECRET_ANSWER_EXAMPLE = {
  secret: 'whsec_5ZLckvoh9ogJ13Y6QpsYmPg6o385mqQNApa0DLyVeLM=',
  previousSecretsExpireAt: '2026-12-04T11:56:38.000Z',
};

/** The answer of GET /.well-known/jwks.json: the current signing key and, after a rotation, the previous one. */
export const JWKS_ANSWER_EXAMPLE = {
  keys: [
    {
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'c0vGiFPKRTJcWrULZ2M30kb1I29uoF0UF6PC-cB8Zxo',
      kid: 'C0iDmMZ5PScKuUcgJfiaoz8hBjKwFfY8qxm3Xu3av9k',
      alg: 'EdDSA',
      use: 'sig',
    },
    {
      kty: 'OKP',
      crv: 'Ed25519',
      x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
      kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
      alg: 'EdDSA',
      use: 'sig',
    },
  ],
};
