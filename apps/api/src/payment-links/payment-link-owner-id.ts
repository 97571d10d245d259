import type { PaymentLink } from '#libs/application';
import type { MemberId } from '#libs/domain';

/**
 * The member id of the link a public page's token led to: the token is the link's only
 * credential (as the hosted pages' callback token is a payment's), so the link's owner is the
 * member its payments are made for. A producer of MemberId.
 */
export function paymentLinkOwnerId(link: Pick<PaymentLink, 'memberId'>): MemberId {
  return link.memberId as MemberId;
}
