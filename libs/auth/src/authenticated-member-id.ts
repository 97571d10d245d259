import type { Member } from '#libs/db';
import type { MemberId } from '#libs/domain';

/**
 * The member id of the member row a credential led to (the API key found by its hash, or the
 * member key a token names). The authenticators hand it out only inside a verified credential
 * (a Bearer token's signature is checked before its member is returned). Kept out of the
 * package's exports: only the authenticators of this package call it.
 */
export function authenticatedMemberId(member: Pick<Member, 'id'>): MemberId {
  return member.id as MemberId;
}
