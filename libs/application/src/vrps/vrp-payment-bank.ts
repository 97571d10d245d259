import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { BankConnectors, type PaymentProgress, type VrpProgress } from '#libs/connectors';
import { BankRepository, VrpConsentRepository, type Bank, type Payment, type VrpConsent } from '#libs/db';
import type { PaymentInitiationInput } from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { bankCallContext } from '../bank-calls/bank-call-context.js';
import { accountIdentifier } from '../payments/bank-initiation.js';
import type { VrpBankCalls } from '../payments/payment-progression.js';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { VrpConsentGrants } from '../vrp-consents/vrp-consent-grants.js';

/** A payment under a VRP consent, with what the bank calls about it need. */
interface VrpUnderConsent {
  readonly consent: VrpConsent & { readonly bankConsentId: string };
  readonly bank: Bank;
  readonly grant: string;
}

/** The bank's answer about a VRP, as the payment's progress (no user step: a VRP has none). */
export function progressOfVrp(consent: Pick<VrpConsent, 'bankConsentId'>, vrp: VrpProgress): PaymentProgress {
  return {
    handle: { bankConsentId: consent.bankConsentId ?? '', bankPaymentId: vrp.bankVrpId },
    outcome: vrp.outcome,
    bankStatus: vrp.bankStatus,
    ...(vrp.statusReason === undefined ? {} : { statusReason: vrp.statusReason }),
    next: { kind: 'none' },
    ...(vrp.debtor === undefined ? {} : { debtor: vrp.debtor }),
  };
}

/**
 * The bank calls of variable recurring payments, made under the consent's sealed grant without
 * the user: the initiation (the payment id is the bank's idempotency key, so asking again answers
 * the payment the bank made) and its status.
 */
@Injectable()
export class VrpPaymentBank implements VrpBankCalls {
  private readonly rules: PaymentRules;
  private readonly grants: VrpConsentGrants;

  constructor(
    private readonly consents: VrpConsentRepository,
    private readonly banks: BankRepository,
    private readonly connectors: BankConnectors,
    box: SecretBox,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = paymentRules(config);
    this.grants = new VrpConsentGrants(box);
  }

  async initiate(payment: Payment, traceId?: string): Promise<PaymentProgress> {
    return this.initiateAs(payment, await this.under(payment), traceId);
  }

  /**
   * The initiation of a VRP the caller has just stored under `consent` (its member's, at `bank`,
   * as the caller read it): the consent and bank are not read again.
   */
  async initiateUnder(payment: Payment, consent: VrpConsent, bank: Bank, traceId?: string): Promise<PaymentProgress> {
    if (payment.vrpConsentId !== consent.id || consent.memberId !== payment.memberId || consent.bankId !== bank.id)
      return this.initiate(payment, traceId);
    const grant = await this.grants.open(consent);
    if (grant === undefined || consent.bankConsentId === null)
      throw new Error(`VRP consent ${consent.id} has no grant from its bank`);
    return this.initiateAs(
      payment,
      { consent: { ...consent, bankConsentId: consent.bankConsentId }, bank, grant },
      traceId,
    );
  }

  private async initiateAs(
    payment: Payment,
    { consent, bank, grant }: VrpUnderConsent,
    traceId?: string,
  ): Promise<PaymentProgress> {
    const input = payment.initiation as unknown as PaymentInitiationInput;
    const vrp = await this.connectors.capability(bank, 'vrp').initiateVrp(this.context(bank, traceId), {
      vrpId: payment.id,
      refId: payment.refId,
      bankConsentId: consent.bankConsentId,
      grant,
      amount: { value: input.amount.value, currency: input.amount.currency },
      creditor: { name: input.creditor.name, identifier: accountIdentifier('FASTER_PAYMENTS', input.creditor) },
      remittanceInformationPrimary: input.remittanceInformationPrimary,
      ...(input.remittanceInformationSecondary === undefined
        ? {}
        : { remittanceInformationSecondary: input.remittanceInformationSecondary }),
    });
    return progressOfVrp(consent, vrp);
  }

  async status(payment: Payment): Promise<PaymentProgress> {
    if (payment.bankPaymentId === null) return this.initiate(payment);
    const { consent, bank, grant } = await this.under(payment);
    const vrp = await this.connectors
      .capability(bank, 'vrp')
      .getVrpStatus(this.context(bank), payment.bankPaymentId, grant);
    return progressOfVrp(consent, vrp);
  }

  private context(bank: Bank, traceId?: string) {
    return bankCallContext(bank.id, this.rules.bankDeadlineMs, traceId);
  }

  private async under(payment: Payment): Promise<VrpUnderConsent> {
    if (payment.vrpConsentId === null) throw new Error(`payment ${payment.id} is not a VRP`);
    const consent = await this.consents.findById(payment.vrpConsentId);
    if (consent === null || consent.memberId !== payment.memberId || consent.bankId === null)
      throw new Error(`VRP ${payment.id} names no consent of its member at a bank`);
    const bank = await this.banks.find(consent.bankId);
    if (bank === null) throw new Error(`VRP consent ${consent.id} names unknown bank ${consent.bankId}`);
    const grant = await this.grants.open(consent);
    if (grant === undefined || consent.bankConsentId === null)
      throw new Error(`VRP consent ${consent.id} has no grant from its bank`);
    return { consent: { ...consent, bankConsentId: consent.bankConsentId }, bank, grant };
  }
}
