declare const memberIdBrand: unique symbol;

/**
 * A member id the gateway has established, not one a caller typed. Repositories take it first on
 * every member-facing method, so an unscoped string cannot reach a member's rows: a plain string
 * does not compile where a MemberId is required.
 *
 * Its producers, the only code that may turn a string into one (lint refuses `as MemberId`
 * anywhere else outside tests):
 * - authentication, for the requesting member: `authenticatedMemberId` in libs/auth, private to
 *   the Basic (API key) and Bearer (request JWS) authenticators, which put it in the request's
 *   MemberContext (`@CurrentMember()`);
 * - the admin API, for the member an operator manages: `adminMemberId` / `AdminMemberIdPipe` in
 *   apps/api/src/admin (the admin token has authority over every member);
 * - a payment link's public page, for the link's owner: `paymentLinkOwnerId` in
 *   apps/api/src/payment-links (the page token is the link's only credential);
 * - a stored settlement account, for the gateway's own payouts from it (settlement rules):
 *   `settlementAccountOwnerId` in libs/application/src/payouts.
 * No cast function is declared here: the domain library is imported everywhere, and one here
 * would let any code mint ids. Code that reads a member id from a row it loaded (the worker)
 * passes it on as a plain string to the cross-member statements that take one.
 */
export type MemberId = string & { readonly [memberIdBrand]: true };
