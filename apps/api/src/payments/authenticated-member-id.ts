import type { MemberContext } from '#libs/auth';
import type { MemberId } from '#libs/domain';

/**
 * The authenticated member's id as the MemberId the repositories take. Authentication has
 * established it (the guard sets the member context only for a verified caller), so this is
 * the one place the payment routes turn the context's string into a MemberId.
 */
export function authenticatedMemberId(member: MemberContext): MemberId {
  return member.memberId as MemberId;
}
