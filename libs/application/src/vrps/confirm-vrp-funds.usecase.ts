import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';
import { BankConnectors } from '#libs/connectors';
import { BankRepository, VrpConsentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { bankCallContext } from '../bank-calls/bank-call-context.js';
import { paymentRules, type PaymentRules } from '../payments/payment-rules.js';
import { VrpConsentGrants } from '../vrp-consents/vrp-consent-grants.js';

export interface ConfirmVrpFundsCommand {
  readonly memberId: MemberId;
  readonly vrpConsentId: string;
  /** A decimal amount in the consent's currency. */
  readonly amount: string;
  readonly traceId?: string;
}

/**
 * GET /vrps/{id}/confirm-funds: whether the account of the member's authorised VRP consent holds
 * `amount` (in the consent's currency), asked of the bank's funds-confirmation endpoint under the
 * consent's grant. A bank without one answers 501; a consent not authorised is
 * Resource.ConsentNotAuthorized; another member's consent 404 (naming the id as vrpConsentId and vrpId).
 */
@Injectable()
export class ConfirmVrpFundsUseCase {
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

  async execute(command: ConfirmVrpFundsCommand): Promise<{ readonly fundsAvailable: boolean }> {
    const { memberId, vrpConsentId, amount, traceId } = command;
    const consent = await this.consents.findForMember(memberId, vrpConsentId);
    // The reference answers this 404 as a VrpNotFoundError, which names the id asked about as vrpId.
    if (consent === null)
      throw GatewayError.notFound(vrpConsentId, `VRP consent ${vrpConsentId} not found.`, {
        vrpConsentId,
        vrpId: vrpConsentId,
      });
    const grant = consent.status === 'AUTHORIZED' ? await this.grants.open(consent) : undefined;
    const bank = consent.bankId === null ? null : await this.banks.find(consent.bankId);
    if (grant === undefined || bank === null || consent.bankConsentId === null)
      throw new GatewayError('Resource.ConsentNotAuthorized', {
        message: `The VRP consent is ${consent.status}, not AUTHORIZED: funds cannot be confirmed under it.`,
        details: { vrpConsentId },
      });
    return this.connectors
      .capability(bank, 'fundsConfirmation')
      .confirmFunds(bankCallContext(bank.id, this.rules.bankDeadlineMs, traceId), {
        bankConsentId: consent.bankConsentId,
        grant,
        amount: { value: amount, currency: consent.currency },
        reference: consent.refId,
      });
  }
}
