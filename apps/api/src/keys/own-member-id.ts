import { GatewayError } from '#libs/common';
import type { MemberContext } from '#libs/auth';
import type { MemberId } from '#libs/domain';

/** `/member/{memberId}/...` is only ever the caller's own member id; another one is forbidden. */
export function assertOwnMemberId(member: MemberContext, memberId: string): MemberId {
  if (member.memberId !== memberId) {
    throw new GatewayError('PermissionDenied', { message: 'A member may only manage its own keys.' });
  }
  return member.memberId;
}
