import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody, textAt, type Json } from '../http/ob-body.js';
import type { ObieCall } from '../http/obie-call.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { scenarioFor } from '../banks/scenario-users.js';
import { assertSameAsConsent, consentNotAuthorised } from '../payments/consent-checks.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { paymentDetailsResponse } from '../payments/payment-details.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { GrantStore } from '../store/grant.store.js';
import type { Payment } from '../store/payment.store.js';
import { controlParameters } from './vrp-consent-request.js';
import { VrpLedger } from './vrp-ledger.js';
import { validVrpRequest } from './vrp-request.js';
import { vrpResponse } from './vrp-representations.js';

/** Domestic VRPs: payments under an authorised VRP consent, within its control parameters. */
@Injectable()
export class VrpPaymentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly grants: GrantStore,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly engine: PaymentEngine,
    private readonly ledger: VrpLedger,
  ) {}

  /**
   * OBDomesticVRPRequest with the consent's access token, checked fresh: a token revoked at the
   * bank a moment ago is a 401 at once. A repeated x-idempotency-key answers the VRP it made
   * (found under the consent's lock, or first when the consent no longer takes payments).
   */
  async submit(call: ObieCall, key: string, body: unknown): Promise<object> {
    const { bank } = call;
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const token = await this.tokens.userToken(bank.id, call.authorization, 'payments', consentId, true);
    const consent = await this.consents.get(bank.id, consentId, 'domestic-vrp');
    const order = { bankId: bank.id, idempotencyKey: key, request: request as Prisma.InputJsonObject };
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') {
      const replay = await this.ledger.earlier(order);
      if (replay !== null) return this.represent(replay, call.apiBase);
      throw consentNotAuthorised(consent);
    }
    assertSameAsConsent(request, data, consent);
    const stored = (consent.request as { Data: Json }).Data;
    const control = controlParameters(stored);
    const { amount, currency } = validVrpRequest(data, control, stored['Initiation'] as Json);
    const payment = await this.ledger.record(consent, control, {
      ...order,
      kind: 'domestic-vrp',
      consentId: consent.id,
      status: PAYMENT_VOCABULARY['domestic-vrp'].pending,
      username: token.username,
      debtorAccountId: consent.debtorAccountId ?? '',
      amount,
      currency,
    });
    if (scenarioFor(token.username).revokesVrpConsentAfterFirstPayment)
      await this.grants.revokeConsentTokens(consent.id);
    return this.represent(payment, call.apiBase, consent);
  }

  async read(call: ObieCall, vrpId: string): Promise<object> {
    const payment = await this.access.payment(call, 'domestic-vrp', vrpId);
    return this.represent(await this.engine.onStatusRead(payment), call.apiBase);
  }

  async details(call: ObieCall, vrpId: string): Promise<object> {
    const payment = await this.access.payment(call, 'domestic-vrp', vrpId);
    return paymentDetailsResponse(payment, `${call.apiBase}/pisp/domestic-vrps/${payment.id}/payment-details`);
  }

  private async represent(payment: Payment, base: string, knownConsent?: Consent): Promise<object> {
    assertUserApiAvailable(payment.username);
    const consent = knownConsent ?? (await this.consents.findAny(payment.bankId, payment.consentId));
    const debtor = await this.accounts.identityOf(payment.debtorAccountId);
    return vrpResponse(payment, consent, debtor, base);
  }
}
