import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody, textAt } from '../http/ob-body.js';
import type { ObieCall } from '../http/obie-call.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { assertSameAsConsent, consentNotAuthorised } from '../payments/consent-checks.js';
import { paymentDetailsResponse } from '../payments/payment-details.js';
import { PAYMENT_VOCABULARY } from '../payments/payment-vocabulary.js';
import { StandingOrderEngine } from '../payments/standing-order-engine.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { PaymentStore, type Payment } from '../store/payment.store.js';
import { validStandingOrderInitiation } from './standing-order-initiation.js';
import { STANDING_ORDER_PATHS, standingOrderResponse } from './standing-order-representations.js';

const KIND = 'domestic-standing-order';

/** Domestic standing orders: submit under an authorised consent (it is then Consumed), read, details. */
@Injectable()
export class StandingOrdersService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly orders: PaymentStore,
    private readonly accounts: AccountStore,
    private readonly engine: StandingOrderEngine,
  ) {}

  async submit(call: ObieCall, key: string, body: unknown): Promise<object> {
    const { bank } = call;
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const token = await this.tokens.userToken(bank.id, call.authorization, 'payments', consentId);
    const replay = await this.orders.byIdempotencyKey(bank.id, KIND, key, request);
    if (replay !== null) return this.represent(replay, call.apiBase);

    const consent = await this.consents.get(bank.id, consentId, KIND);
    assertUserApiAvailable(consent.username);
    assertSameAsConsent(request, data, consent);
    if (!(await this.consents.transition(consent.id, 'Authorised', 'Consumed'))) {
      const raced = await this.orders.byIdempotencyKey(bank.id, KIND, key, request);
      if (raced !== null) return this.represent(raced, call.apiBase);
      throw consentNotAuthorised(consent);
    }
    const { amount, currency, firstPaymentAt } = validStandingOrderInitiation(
      (consent.request as { Data: Record<string, unknown> }).Data,
    );
    const { payment: order } = await this.orders.create({
      bankId: bank.id,
      kind: KIND,
      consentId: consent.id,
      status: PAYMENT_VOCABULARY[KIND].pending,
      username: token.username,
      debtorAccountId: consent.debtorAccountId ?? '',
      amount,
      currency,
      request: request as Prisma.InputJsonObject,
      idempotencyKey: key,
      executeAt: firstPaymentAt,
    });
    return this.represent(await this.engine.afterSubmission(order), call.apiBase, consent);
  }

  async read(call: ObieCall, orderId: string): Promise<object> {
    const order = await this.access.payment(call, KIND, orderId);
    return this.represent(await this.engine.onStatusRead(order), call.apiBase);
  }

  async details(call: ObieCall, orderId: string): Promise<object> {
    const order = await this.access.payment(call, KIND, orderId);
    return paymentDetailsResponse(
      order,
      `${call.apiBase}/pisp/${STANDING_ORDER_PATHS.orders}/${order.id}/payment-details`,
    );
  }

  private async represent(order: Payment, base: string, knownConsent?: Consent): Promise<object> {
    assertUserApiAvailable(order.username);
    const consent = knownConsent ?? (await this.consents.get(order.bankId, order.consentId, KIND));
    const debtor = await this.accounts.findById(order.debtorAccountId);
    return standingOrderResponse(order, consent, debtor, base);
  }
}
