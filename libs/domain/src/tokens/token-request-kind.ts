/**
 * What a token request asks the user to authorise, told by which body its payload carries:
 * `transferBody` (a single or future-dated transfer), `standingOrderBody` (a standing order) or
 * `accessBody` (account-information access). The token it yields is of the same kind.
 */
export const TOKEN_REQUEST_KINDS = ['TRANSFER', 'STANDING_ORDER', 'ACCESS'] as const;
export type TokenRequestKind = (typeof TOKEN_REQUEST_KINDS)[number];

/** The `type` filter of GET /tokens: ACCESS tokens, or TRANSFER (payment) tokens, standing orders included. */
export const TOKEN_TYPE_FILTERS = ['INVALID', 'ACCESS', 'TRANSFER'] as const;
export type TokenTypeFilter = (typeof TOKEN_TYPE_FILTERS)[number];

/** The kinds a `type` filter selects; INVALID (the default) selects every kind. */
export function kindsOfTokenType(type: TokenTypeFilter): readonly TokenRequestKind[] {
  switch (type) {
    case 'ACCESS':
      return ['ACCESS'];
    case 'TRANSFER':
      return ['TRANSFER', 'STANDING_ORDER'];
    case 'INVALID':
      return TOKEN_REQUEST_KINDS;
  }
}
