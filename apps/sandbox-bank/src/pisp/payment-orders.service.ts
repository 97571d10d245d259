import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { objectAt, requestBody, sameJson, textAt } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { AccessTokens } from '../oauth/access-tokens.js';
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
    private readonly consents: ConsentStore,
    private readonly payments: PaymentStore,
    private readonly accounts: AccountStore,
    private readonly engine: PaymentEngine,
  ) {}

  async submit(
    bank: SandboxBankDefinition,
    kind: PaymentConsentKind,
    authorization: string | undefined,
    key: string,
    body: unknown,
    base: string,
  ): Promise<object> {
    const { body: request, data } = requestBody(body, true);
    const consentId = textAt(data, 'ConsentId', 'Data.ConsentId', 128);
    const token = await this.tokens.userToken(bank.id, authorization, 'payments', consentId);
    const replay = await this.payments.byIdempotencyKey(bank.id, kind, key, request);
    if (replay !== null) return this.represent(replay, kind, base);

    const consent = await this.consents.get(bank.id, consentId, kind);
    assertUserApiAvailable(consent.username);
    const stored = consent.request as { Data: Record<string, unknown>; Risk: unknown };
    if (!sameJson(objectAt(data, 'Initiation', 'Data.Initiation'), stored.Data['Initiation'])) {
      throw ObieError.badRequest(
        'UK.OBIE.Resource.ConsentMismatch',
        'Data.Initiation differs from the consent.',
        'Data.Initiation',
      );
    }
    if (!sameJson(request['Risk'], stored.Risk))
      throw ObieError.badRequest('UK.OBIE.Resource.ConsentMismatch', 'Risk differs from the consent.', 'Risk');
    if (!(await this.consents.transition(consent.id, 'Authorised', 'Consumed'))) {
      const raced = await this.payments.byIdempotencyKey(bank.id, kind, key, request);
      if (raced !== null) return this.represent(raced, kind, base);
      throw ObieError.badRequest(
        'UK.OBIE.Resource.InvalidConsentStatus',
        `The consent is ${consent.status}, not Authorised.`,
      );
    }
    const { amount, currency, executeAt } = validInitiation(stored.Data, kind);
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
    return this.represent(await this.engine.afterSubmission(payment), kind, base, consent);
  }

  async read(
    bank: SandboxBankDefinition,
    kind: PaymentConsentKind,
    authorization: string | undefined,
    paymentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.clientToken(bank.id, authorization, 'payments');
    const payment = await this.payments.get(bank.id, kind, paymentId);
    assertUserApiAvailable(payment.username);
    return this.represent(await this.engine.onStatusRead(payment), kind, base);
  }

  async details(
    bank: SandboxBankDefinition,
    kind: PaymentConsentKind,
    authorization: string | undefined,
    paymentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.clientToken(bank.id, authorization, 'payments');
    const payment = await this.payments.get(bank.id, kind, paymentId);
    assertUserApiAvailable(payment.username);
    return paymentDetailsResponse(payment, `${base}/pisp/${PISP_PATHS[kind].payments}/${payment.id}/payment-details`);
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
