import { obDateTime } from '../http/obie-request.js';
import { obCashAccount } from '../payments/ob-account.js';
import { obConsentStatus } from '../payments/ob-consent.js';
import type { Account } from '../store/account.store.js';
import type { Consent } from '../store/consent.store.js';
import type { Payment } from '../store/payment.store.js';

export const STANDING_ORDER_PATHS = {
  consents: 'domestic-standing-order-consents',
  orders: 'domestic-standing-orders',
} as const;

interface StoredRequest {
  readonly Data: Record<string, unknown> & { readonly Initiation: Record<string, unknown> };
  readonly Risk: Record<string, unknown>;
}

const stored = (request: unknown): StoredRequest => request as StoredRequest;

/** OBWriteDomesticStandingOrderConsentResponse6. */
export function standingOrderConsentResponse(consent: Consent, debtor: Account | null, base: string): object {
  const { Data, Risk } = stored(consent.request);
  return {
    Data: {
      ...obConsentStatus(consent),
      Permission: Data['Permission'],
      ...(Data['ReadRefundAccount'] === undefined ? {} : { ReadRefundAccount: Data['ReadRefundAccount'] }),
      Initiation: Data.Initiation,
      ...(Data['Authorisation'] === undefined ? {} : { Authorisation: Data['Authorisation'] }),
      ...(debtor === null ? {} : { Debtor: obCashAccount(debtor) }),
    },
    Risk,
    Links: { Self: `${base}/pisp/${STANDING_ORDER_PATHS.consents}/${consent.id}` },
    Meta: {},
  };
}

/** OBWriteDomesticStandingOrderResponse6. */
export function standingOrderResponse(order: Payment, consent: Consent, debtor: Account | null, base: string): object {
  const refund = stored(consent.request).Data['ReadRefundAccount'] === 'Yes' && debtor !== null;
  return {
    Data: {
      DomesticStandingOrderId: order.id,
      ConsentId: order.consentId,
      CreationDateTime: obDateTime(order.createdAt),
      Status: order.status,
      StatusUpdateDateTime: obDateTime(order.statusUpdatedAt),
      ...(refund ? { Refund: { Account: obCashAccount(debtor) } } : {}),
      Initiation: stored(order.request).Data.Initiation,
      ...(debtor === null ? {} : { Debtor: obCashAccount(debtor) }),
    },
    Links: { Self: `${base}/pisp/${STANDING_ORDER_PATHS.orders}/${order.id}` },
    Meta: {},
  };
}
