import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { requestBody } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { obDateTime } from '../http/obie-request.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { CibaService } from '../oauth/ciba.service.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore, type Account } from '../store/account.store.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { validConsentData, validInitiation, type PaymentConsentKind } from './payment-initiation.js';
import { paymentConsentResponse } from './pisp-representations.js';

/** Domestic and scheduled payment consents: create, read, confirm funds. */
@Injectable()
export class PaymentConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly ciba: CibaService,
    private readonly clock: Clock,
  ) {}

  async create(
    bank: SandboxBankDefinition,
    kind: PaymentConsentKind,
    authorization: string | undefined,
    key: string,
    body: unknown,
    base: string,
  ): Promise<object> {
    const token = await this.tokens.clientToken(bank.id, authorization, 'payments');
    const { body: request, data } = requestBody(body, true);
    validConsentData(data, kind);
    const { executeAt } = validInitiation(data, kind);
    if (executeAt !== undefined && executeAt.getTime() <= this.clock.nowMs()) {
      throw ObieError.badRequest(
        'UK.OBIE.Field.InvalidDate',
        'RequestedExecutionDateTime must be in the future.',
        'Data.Initiation.RequestedExecutionDateTime',
      );
    }
    const consent = await this.consents.create(bank.id, kind, token.clientId, request as Prisma.InputJsonObject, key);
    return paymentConsentResponse(consent, kind, null, base);
  }

  async read(
    bank: SandboxBankDefinition,
    kind: PaymentConsentKind,
    authorization: string | undefined,
    consentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.clientToken(bank.id, authorization, 'payments');
    await this.ciba.settleForConsent(consentId);
    const consent = await this.consents.get(bank.id, consentId, kind);
    assertUserApiAvailable(consent.username);
    return paymentConsentResponse(consent, kind, await this.debtorOf(consent), base);
  }

  /** OBWriteFundsConfirmationResponse1, with the user's token, while the consent is Authorised. */
  async fundsConfirmation(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    consentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.userToken(bank.id, authorization, 'payments', consentId);
    const consent = await this.consents.get(bank.id, consentId, 'domestic-payment');
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') {
      throw ObieError.badRequest(
        'UK.OBIE.Resource.InvalidConsentStatus',
        `The consent is ${consent.status}, not Authorised.`,
      );
    }
    const debtor = await this.debtorOf(consent);
    const { amount } = validInitiation((consent.request as { Data: Record<string, unknown> }).Data, 'domestic-payment');
    return {
      Data: {
        FundsAvailableResult: {
          FundsAvailableDateTime: obDateTime(this.clock.now()),
          FundsAvailable: debtor !== null && debtor.balance.gte(amount),
        },
      },
      Links: { Self: `${base}/pisp/domestic-payment-consents/${consentId}/funds-confirmation` },
      Meta: {},
    };
  }

  private async debtorOf(consent: Consent): Promise<Account | null> {
    return consent.debtorAccountId === null ? null : this.accounts.findById(consent.debtorAccountId);
  }
}
