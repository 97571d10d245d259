import { obDateTime } from '../http/obie-request.js';
import { obCashAccount } from '../payments/ob-account.js';
import type { Account } from '../store/account.store.js';
import type { Consent } from '../store/consent.store.js';
import type { Payment } from '../store/payment.store.js';
import { obConsentStatus } from '../payments/ob-consent.js';

interface StoredRequest {
  readonly Data: Record<string, unknown>;
  readonly Risk: Record<string, unknown>;
}

/** OBDomesticVRPConsentResponse. */
export function vrpConsentResponse(consent: Consent, debtor: Account | null, base: string): object {
  const { Data, Risk } = consent.request as unknown as StoredRequest;
  return {
    Data: {
      ...obConsentStatus(consent),
      ...(Data['ReadRefundAccount'] === undefined ? {} : { ReadRefundAccount: Data['ReadRefundAccount'] }),
      ControlParameters: Data['ControlParameters'],
      Initiation: Data['Initiation'],
      ...(debtor === null ? {} : { DebtorAccount: obCashAccount(debtor) }),
    },
    Risk,
    Links: { Self: `${base}/pisp/domestic-vrp-consents/${consent.id}` },
    Meta: {},
  };
}

/**
 * OBVRPStatusReasonCode for a rejected VRP: the standard's codes are ExemptionNotApplied and
 * OtherReason, so every sandbox rejection (insufficient funds, the bank's refusal) is OtherReason
 * with the ISO 20022 reason (AM04, MS03) in StatusReasonDescription, as payment-details gives it.
 */
function statusReason(payment: Payment): object {
  if (payment.statusReasonDescription === null) return {};
  return {
    StatusReason: 'UK.OBIE.OtherReason',
    StatusReasonDescription: payment.statusReasonDescription.slice(0, 256),
  };
}

/** OBDomesticVRPResponse. */
export function vrpResponse(payment: Payment, consent: Consent, debtor: Account | null, base: string): object {
  const { Data, Risk } = payment.request as unknown as StoredRequest;
  const refund = (consent.request as unknown as StoredRequest).Data['ReadRefundAccount'] === 'Yes' && debtor !== null;
  return {
    Data: {
      DomesticVRPId: payment.id,
      ConsentId: payment.consentId,
      CreationDateTime: obDateTime(payment.createdAt),
      Status: payment.status,
      ...statusReason(payment),
      StatusUpdateDateTime: obDateTime(payment.statusUpdatedAt),
      ...(refund ? { Refund: obCashAccount(debtor) } : {}),
      Initiation: Data['Initiation'],
      Instruction: Data['Instruction'],
      ...(debtor === null ? {} : { DebtorAccount: obCashAccount(debtor) }),
    },
    Risk,
    Links: { Self: `${base}/pisp/domestic-vrps/${payment.id}` },
    Meta: {},
  };
}
