import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody, textAt } from '../http/ob-body.js';
import type { ObieCall } from '../http/obie-call.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { assertSameAsConsent, consentNotAuthorised } from '../payments/consent-checks.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { paymentDetailsResponse } from '../payments/payment-details.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { PaymentStore, type Payment } from '../store/payment.store.js';
import { controlParameters, validInstruction } from './vrp-consent-request.js';
import { checkControlParameters } from './vrp-limits.js';
import { vrpResponse } from './vrp-representations.js';

/** Domestic VRPs: payments under an authorised VRP consent, within its control parameters. */
@Injectable()
export class VrpPaymentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly payments: PaymentStore,
    private readonly accounts: AccountStore,
    private readonly engine: PaymentEngine,
    private readonly clock: Clock,
  ) {}

  async submit(call: ObieCall, key: string, body: unknown): Promise<object> {
    const { bank } = call;
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const token = await this.tokens.userToken(bank.id, call.authorization, 'payments', consentId);
    textAt(data, 'PSUAuthenticationMethod', 'Data.PSUAuthenticationMethod', 40);
    const replay = await this.payments.byIdempotencyKey(bank.id, 'domestic-vrp', key, request);
    if (replay !== null) return this.represent(replay, call.apiBase);

    const consent = await this.consents.get(bank.id, consentId, 'domestic-vrp');
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') throw consentNotAuthorised(consent);
    assertSameAsConsent(request, data, consent);
    const { amount, currency } = validInstruction(data);
    const rejected = [PAYMENT_VOCABULARY['domestic-vrp'].rejected];
    await checkControlParameters(
      controlParameters((consent.request as { Data: Record<string, unknown> }).Data),
      { amount, currency },
      consent.createdAt,
      this.clock.now(),
      (since) => this.payments.totalSince(consent.id, since, rejected),
    );
    const { payment } = await this.payments.create({
      bankId: bank.id,
      kind: 'domestic-vrp',
      consentId: consent.id,
      status: PAYMENT_VOCABULARY['domestic-vrp'].pending,
      username: token.username,
      debtorAccountId: consent.debtorAccountId ?? '',
      amount,
      currency,
      request: request as Prisma.InputJsonObject,
      idempotencyKey: key,
    });
    return this.represent(await this.engine.afterSubmission(payment), call.apiBase, consent);
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
    const debtor = await this.accounts.findById(payment.debtorAccountId);
    return vrpResponse(payment, consent, debtor, base);
  }
}
