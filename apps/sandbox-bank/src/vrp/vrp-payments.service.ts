import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody, textAt, type Json } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
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
import type { NewPayment, Payment } from '../store/payment.store.js';
import { controlParameters } from './vrp-consent-request.js';
import { AuthorisedVrpConsents } from './authorised-vrp-consents.js';
import { VrpLedger } from './vrp-ledger.js';
import { validVrpRequest } from './vrp-request.js';
import { vrpResponse } from './vrp-representations.js';

/** Domestic VRPs: payments under an authorised VRP consent, within its control parameters. */
@Injectable()
export class VrpPaymentsService {
  private readonly authorised = new AuthorisedVrpConsents();

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
   * OBDomesticVRPRequest with the consent's access token, checked live: a token revoked at the
   * bank a moment ago is a 401 at once (the statement that records the VRP checks it in Postgres).
   * A repeated x-idempotency-key answers the VRP it made (found under the consent's lock, or when
   * the consent no longer takes payments).
   */
  async submit(call: ObieCall, key: string, body: unknown): Promise<object> {
    const { bank } = call;
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const kept = this.authorised.get(bank.id, consentId);
    // A consent not known Authorised is read, the token checked first as the statement would.
    const token = await this.tokens.userToken(bank.id, call.authorization, 'payments', consentId, kept === undefined);
    const consent = kept ?? this.authorised.keep(await this.consents.get(bank.id, consentId, 'domestic-vrp'));
    const order = { bankId: bank.id, idempotencyKey: key, request: request as Prisma.InputJsonObject };
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') return this.notTakingPayments(call, order, consent);
    assertSameAsConsent(request, data, consent);
    const stored = (consent.request as { Data: Json }).Data;
    const control = controlParameters(stored);
    const { amount, currency } = validVrpRequest(data, control, stored['Initiation'] as Json);
    const recording = await this.ledger.record(consent, control, {
      ...order,
      kind: 'domestic-vrp',
      consentId: consent.id,
      status: PAYMENT_VOCABULARY['domestic-vrp'].pending,
      username: token.username,
      debtorAccountId: consent.debtorAccountId ?? '',
      amount,
      currency,
      grantId: token.id,
    });
    switch (recording.kind) {
      case 'token-not-live':
        // Revoked or expired since this process read it: the fresh read answers 401.
        await this.tokens.userToken(bank.id, call.authorization, 'payments', consentId, true);
        throw new ObieError(
          401,
          'UK.OBIE.Header.Invalid',
          'The access token is unknown, expired or revoked.',
          'Authorization',
        );
      case 'consent-not-authorised':
        this.authorised.forget(bank.id, consentId);
        return this.notTakingPayments(call, order, await this.consents.get(bank.id, consentId, 'domestic-vrp'));
      case 'recorded':
        break;
    }
    if (scenarioFor(token.username).revokesVrpConsentAfterFirstPayment)
      await this.grants.revokeConsentTokens(consent.id);
    return this.represent(recording.payment, call.apiBase, consent);
  }

  /** A consent that takes no payments: the VRP its key made, if any, or the consent's status refused. */
  private async notTakingPayments(
    call: ObieCall,
    order: Pick<NewPayment, 'bankId' | 'idempotencyKey' | 'request'>,
    consent: Consent,
  ): Promise<object> {
    const replay = await this.ledger.earlier(order);
    if (replay !== null) return this.represent(replay, call.apiBase);
    throw consentNotAuthorised(consent);
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
