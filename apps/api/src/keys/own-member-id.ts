import { GatewayError } from '#libs/common';
import type { MemberContext } from '#libs/auth';

/** `/member/{memberId}/...` is only ever the caller's own member id; another one is forbidden. */
export function assertOwnMemberId(member: MemberContext, memberId: string): string {
  if (member.memberId !== memberId) {
    throw new GatewayError('PermissionDenied', { message: 'A member may only manage its own keys.' });
  }
  return member.memberId;
}
