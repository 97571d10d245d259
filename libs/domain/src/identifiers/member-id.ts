declare const memberIdBrand: unique symbol;

/**
 * A member id the gateway has established, not one a caller typed: authentication produces it
 * for the requesting member (and the admin API for the member it manages). Repositories take it
 * first on every member-facing method, so an unscoped string cannot reach a member's rows.
 */
export type MemberId = string & { readonly [memberIdBrand]: true };
