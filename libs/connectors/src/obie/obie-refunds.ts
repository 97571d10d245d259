import { GatewayError } from '#libs/common';
import type { InitiationProgress } from '../capabilities/initiation-progress.js';
import type { RefundInitiation } from '../capabilities/refunds.js';
import type { BankCallContext } from '../bank-types.js';
import { objectAt, textAt, type JsonObject } from '../http/bank-json.js';
import { idempotencyKeyFor } from './obie-api.js';
import { reasonText, rejectionReason, type ObieParts } from './obie-parts.js';
import { localInstrument, obAccountAt } from './obie-requests.mappers.js';
import { mapPaymentStatus, rejectionOutcome } from './obie.mappers.js';

const CONSENTS = '/pisp/domestic-payment-consents';
const PAYMENTS = '/pisp/domestic-payments';

/** OBDomestic2 of a refund: from the registered account back to the payer's. */
function refundInitiation(bankId: string, refund: RefundInitiation): JsonObject {
  const reference = refund.refId.slice(0, 35);
  return {
    InstructionIdentification: reference,
    EndToEndIdentification: reference,
    LocalInstrument: localInstrument(bankId, refund.localInstrument),
    InstructedAmount: { Amount: refund.amount.value, Currency: refund.amount.currency },
    DebtorAccount: obAccountAt(refund.debtor, 'initiation.debtor'),
    CreditorAccount: obAccountAt(refund.creditor, 'initiation.creditor'),
    RemittanceInformation: {
      Reference: reference,
      ...(refund.description === undefined ? {} : { Unstructured: refund.description.slice(0, 140) }),
    },
  };
}

/** A refund is a payment back to a customer (OBExternalPaymentContext1Code PartyToParty). */
const RISK: JsonObject = { PaymentContextCode: 'PartyToParty' };

/**
 * Refunds at a UK Open Banking bank. The standard has no refund resource: a refund is a domestic
 * payment from the member's registered account, authorised without a user by the credential the
 * bank issued for that account (a client-credentials grant bound to it: `registered_credential`).
 * The consent is created and the payment order submitted with that token; the order is then read
 * with the member's ordinary client token, as any domestic payment.
 */
export class ObieRefunds {
  constructor(private readonly parts: ObieParts) {}

  async initiate(ctx: BankCallContext, refund: RefundInitiation): Promise<InitiationProgress> {
    if (refund.registrationGrant === undefined || refund.registrationGrant === '') {
      throw new GatewayError('InvalidArgument', {
        message:
          'A refund at a UK Open Banking bank needs a refund registration with the credential the bank issued for the debtor account.',
      });
    }
    const token = await this.parts.auth.registeredAccountToken(ctx, refund.registrationGrant);
    const initiation = refundInitiation(this.parts.bankId, refund);
    const consent = await this.parts.api.post(
      ctx,
      CONSENTS,
      token,
      { Data: { Initiation: initiation }, Risk: RISK },
      'obie.domestic-payment-consents.create',
      idempotencyKeyFor('refund-consent', refund.refundId),
    );
    const consentId = textAt(objectAt(consent, 'Data', 'Data'), 'ConsentId', 'Data.ConsentId');
    const body = await this.parts.api.post(
      ctx,
      PAYMENTS,
      token,
      { Data: { ConsentId: consentId, Initiation: initiation }, Risk: RISK },
      'obie.domestic-payments.create',
      idempotencyKeyFor('refund-order', refund.refundId),
    );
    return this.progressOf(ctx, body);
  }

  async status(ctx: BankCallContext, bankPaymentId: string): Promise<InitiationProgress> {
    const token = await this.parts.auth.clientToken(ctx, 'payments');
    const body = await this.parts.api.get(
      ctx,
      `${PAYMENTS}/${encodeURIComponent(bankPaymentId)}`,
      token,
      'obie.domestic-payments.read',
    );
    return this.progressOf(ctx, body);
  }

  private async progressOf(ctx: BankCallContext, body: JsonObject): Promise<InitiationProgress> {
    const data = objectAt(body, 'Data', 'Data');
    const bankPaymentId = textAt(data, 'DomesticPaymentId', 'Data.DomesticPaymentId');
    const mapped = mapPaymentStatus(data['Status']);
    const reason =
      mapped.outcome === 'REJECTED'
        ? await rejectionReason(this.parts, ctx, `${PAYMENTS}/${encodeURIComponent(bankPaymentId)}/payment-details`)
        : undefined;
    const statusReason = reasonText(reason);
    return {
      bankPaymentId,
      outcome: mapped.outcome === 'REJECTED' ? rejectionOutcome(reason) : mapped.outcome,
      bankStatus: mapped.status,
      ...(statusReason === undefined ? {} : { statusReason }),
    };
  }
}
