/** The answer of POST /member/{memberId}/keys: the id the key is known by from now on. */
export const ADD_MEMBER_KEY_ANSWER_EXAMPLE = { keyId: 'Pcbb3JOg7Xb7EdCs' };

/** The answer of GET /member/{memberId}/keys: the member's public keys. */
export const MEMBER_KEYS_ANSWER_EXAMPLE = [
  {
    key: [
      { id: 'Pcbb3JOg7Xb7EdCs', keyAlgorithm: 'ED25519', publicKey: 'c0vGiFPKRTJcWrULZ2M30kb1I29uoF0UF6PC-cB8Zxo' },
    ],
  },
];

/** The answer of GET /member/{memberId}/keys/{keyId}. */
export const MEMBER_KEY_ANSWER_EXAMPLE = {
  key: [{ id: 'Pcbb3JOg7Xb7EdCs', keyAlgorithm: 'ED25519', publicKey: 'c0vGiFPKRTJcWrULZ2M30kb1I29uoF0UF6PC-cB8Zxo' }],
};

/** The answer of DELETE /member/{memberId}/keys/{keyId}: empty. */
export const DELETE_MEMBER_KEY_ANSWER_EXAMPLE = {};
