import { obDateTime } from '../http/obie-request.js';
import type { Payment } from '../store/payment.store.js';

/**
 * OBWritePaymentDetailsResponse1 (and OBDomesticVRPDetails): the payment's status on the rail,
 * with the reason a rejection carries.
 */
export function paymentDetailsResponse(payment: Payment, self: string): object {
  const detail =
    payment.statusReason === null
      ? {}
      : {
          StatusDetail: {
            LocalInstrument: 'UK.OBIE.FPS',
            Status: payment.status,
            StatusReason: payment.statusReason,
            ...(payment.statusReasonDescription === null
              ? {}
              : { StatusReasonDescription: payment.statusReasonDescription }),
          },
        };
  return {
    Data: {
      PaymentStatus: [
        {
          PaymentTransactionId: `${payment.id}-TX`,
          Status: payment.status,
          StatusUpdateDateTime: obDateTime(payment.statusUpdatedAt),
          ...detail,
        },
      ],
    },
    Links: { Self: self },
    Meta: {},
  };
}
