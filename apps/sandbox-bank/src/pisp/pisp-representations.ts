import { obDateTime } from '../http/obie-request.js';
import { obCashAccount } from '../payments/ob-account.js';
import type { Account } from '../store/account.store.js';
import type { Consent } from '../store/consent.store.js';
import type { Payment } from '../store/payment.store.js';
import type { PaymentConsentKind } from './payment-initiation.js';
import { obConsentStatus } from '../payments/ob-consent.js';

export const PISP_PATHS: Readonly<
  Record<PaymentConsentKind, { readonly consents: string; readonly payments: string; readonly idField: string }>
> = {
  'domestic-payment': {
    consents: 'domestic-payment-consents',
    payments: 'domestic-payments',
    idField: 'DomesticPaymentId',
  },
  'domestic-scheduled-payment': {
    consents: 'domestic-scheduled-payment-consents',
    payments: 'domestic-scheduled-payments',
    idField: 'DomesticScheduledPaymentId',
  },
};

interface StoredRequest {
  readonly Data: Record<string, unknown> & { readonly Initiation: Record<string, unknown> };
  readonly Risk: Record<string, unknown>;
}

function stored(request: unknown): StoredRequest {
  return request as StoredRequest;
}

/** OBWriteDomesticConsentResponse5 / OBWriteDomesticScheduledConsentResponse5. */
export function paymentConsentResponse(
  consent: Consent,
  kind: PaymentConsentKind,
  debtor: Account | null,
  base: string,
): object {
  const { Data, Risk } = stored(consent.request);
  const scheduled = kind === 'domestic-scheduled-payment';
  return {
    Data: {
      ...obConsentStatus(consent),
      ...(scheduled ? { Permission: Data['Permission'] } : {}),
      ...(Data['ReadRefundAccount'] === undefined ? {} : { ReadRefundAccount: Data['ReadRefundAccount'] }),
      ...(scheduled ? { ExpectedExecutionDateTime: Data.Initiation['RequestedExecutionDateTime'] } : {}),
      Initiation: Data.Initiation,
      ...(Data['Authorisation'] === undefined ? {} : { Authorisation: Data['Authorisation'] }),
      ...(debtor === null ? {} : { Debtor: obCashAccount(debtor) }),
    },
    Risk,
    Links: { Self: `${base}/pisp/${PISP_PATHS[kind].consents}/${consent.id}` },
    Meta: {},
  };
}

/** OBWriteDomesticResponse5 / OBWriteDomesticScheduledResponse5. */
export function paymentOrderResponse(
  payment: Payment,
  consent: Consent,
  kind: PaymentConsentKind,
  debtor: Account | null,
  base: string,
): object {
  const { Data } = stored(payment.request);
  const refund = stored(consent.request).Data['ReadRefundAccount'] === 'Yes' && debtor !== null;
  return {
    Data: {
      [PISP_PATHS[kind].idField]: payment.id,
      ConsentId: payment.consentId,
      CreationDateTime: obDateTime(payment.createdAt),
      Status: payment.status,
      StatusUpdateDateTime: obDateTime(payment.statusUpdatedAt),
      ...(payment.executeAt === null ? {} : { ExpectedExecutionDateTime: obDateTime(payment.executeAt) }),
      ...(refund ? { Refund: { Account: obCashAccount(debtor) } } : {}),
      Initiation: Data.Initiation,
      ...(debtor === null ? {} : { Debtor: obCashAccount(debtor) }),
    },
    Links: { Self: `${base}/pisp/${PISP_PATHS[kind].payments}/${payment.id}` },
    Meta: {},
  };
}
