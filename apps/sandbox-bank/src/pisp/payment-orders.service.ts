import { Injectable } from '@nestjs/common';
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
import { validInitiation, type PaymentConsentKind } from './payment-initiation.js';
import { PISP_PATHS, paymentOrderResponse } from './pisp-representations.js';

/** Domestic and scheduled payment orders: submit under an authorised consent, read, details. */
@Injectable()
export class PaymentOrdersService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly payments: PaymentStore,
    private readonly accounts: AccountStore,
    private readonly engine: PaymentEngine,
  ) {}

  async submit(call: ObieCall, kind: PaymentConsentKind, key: string, body: unknown): Promise<object> {
    const { bank } = call;
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const token = await this.tokens.submitterToken(
      bank.id,
      call.authorization,
      consentId,
      async () => (await this.consents.get(bank.id, consentId, kind)).username,
    );
    const replay = await this.payments.byIdempotencyKey(bank.id, kind, key, request);
    if (replay !== null) return this.represent(replay, kind, call.apiBase);

    const consent = await this.consents.get(bank.id, consentId, kind);
    assertUserApiAvailable(consent.username);
    assertSameAsConsent(request, data, consent);
    if (!(await this.consents.transition(consent.id, 'Authorised', 'Consumed'))) {
      const raced = await this.payments.byIdempotencyKey(bank.id, kind, key, request);
      if (raced !== null) return this.represent(raced, kind, call.apiBase);
      throw consentNotAuthorised(consent);
    }
    const { amount, currency, executeAt } = validInitiation(
      (consent.request as { Data: Record<string, unknown> }).Data,
      kind,
    );
    const { payment } = await this.payments.create({
      bankId: bank.id,
      kind,
      consentId: consent.id,
      status: PAYMENT_VOCABULARY[kind].pending,
      username: token.username,
      debtorAccountId: consent.debtorAccountId ?? '',
      amount,
      currency,
      request: request as Prisma.InputJsonObject,
      idempotencyKey: key,
      ...(executeAt === undefined ? {} : { executeAt }),
    });
    return this.represent(await this.engine.afterSubmission(payment), kind, call.apiBase, consent);
  }

  async read(call: ObieCall, kind: PaymentConsentKind, paymentId: string): Promise<object> {
    const payment = await this.access.payment(call, kind, paymentId);
    return this.represent(await this.engine.onStatusRead(payment), kind, call.apiBase);
  }

  async details(call: ObieCall, kind: PaymentConsentKind, paymentId: string): Promise<object> {
    const payment = await this.access.payment(call, kind, paymentId);
    return paymentDetailsResponse(
      payment,
      `${call.apiBase}/pisp/${PISP_PATHS[kind].payments}/${payment.id}/payment-details`,
    );
  }

  private async represent(
    payment: Payment,
    kind: PaymentConsentKind,
    base: string,
    knownConsent?: Consent,
  ): Promise<object> {
    assertUserApiAvailable(payment.username);
    const consent = knownConsent ?? (await this.consents.get(payment.bankId, payment.consentId, kind));
    const debtor = await this.accounts.findById(payment.debtorAccountId);
    return paymentOrderResponse(payment, consent, kind, debtor, base);
  }
}
