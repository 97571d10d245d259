import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { amountAt, optionalTextAt, requestBody, textAt } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import { obDateTime } from '../http/obie-request.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { CibaService } from '../oauth/ciba.service.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore, DELETED } from '../store/consent.store.js';
import { newResourceId } from '../store/secret-hash.js';
import { validVrpConsentData } from './vrp-consent-request.js';
import { vrpConsentResponse } from './vrp-representations.js';

/** Domestic VRP consents: create, read, delete, confirm funds. */
@Injectable()
export class VrpConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly ciba: CibaService,
    private readonly clock: Clock,
  ) {}

  async create(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    key: string,
    body: unknown,
    base: string,
  ): Promise<object> {
    const token = await this.tokens.clientToken(bank.id, authorization, 'payments');
    const { body: request, data } = requestBody(body, true);
    validVrpConsentData(data);
    const consent = await this.consents.create(
      bank.id,
      'domestic-vrp',
      token.clientId,
      request as Prisma.InputJsonObject,
      key,
    );
    return vrpConsentResponse(consent, null, base);
  }

  async read(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    consentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.clientToken(bank.id, authorization, 'payments');
    await this.ciba.settleForConsent(consentId);
    const consent = await this.consents.get(bank.id, consentId, 'domestic-vrp');
    assertUserApiAvailable(consent.username);
    const debtor = consent.debtorAccountId === null ? null : await this.accounts.findById(consent.debtorAccountId);
    return vrpConsentResponse(consent, debtor, base);
  }

  async delete(bank: SandboxBankDefinition, authorization: string | undefined, consentId: string): Promise<void> {
    await this.tokens.clientToken(bank.id, authorization, 'payments');
    const consent = await this.consents.get(bank.id, consentId, 'domestic-vrp');
    await this.consents.transition(consent.id, consent.status, DELETED);
  }

  /** OBVRPFundsConfirmationResponse for OBVRPFundsConfirmationRequest, with the user's token. */
  async fundsConfirmation(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    consentId: string,
    body: unknown,
    base: string,
  ): Promise<object> {
    await this.tokens.userToken(bank.id, authorization, 'payments', consentId);
    const { data } = requestBody(body, false);
    if (textAt(data, 'ConsentId', 'Data.ConsentId', 128) !== consentId) {
      throw ObieError.badRequest(
        'UK.OBIE.Resource.ConsentMismatch',
        'Data.ConsentId differs from the consent in the path.',
        'Data.ConsentId',
      );
    }
    const reference = optionalTextAt(data, 'Reference', 'Data.Reference', 35);
    const instructed = amountAt(data, 'InstructedAmount', 'Data.InstructedAmount');
    const consent = await this.consents.get(bank.id, consentId, 'domestic-vrp');
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised')
      throw ObieError.badRequest(
        'UK.OBIE.Resource.InvalidConsentStatus',
        `The consent is ${consent.status}, not Authorised.`,
      );
    const debtor = consent.debtorAccountId === null ? null : await this.accounts.findById(consent.debtorAccountId);
    const available =
      debtor !== null && debtor.currency === instructed.Currency && debtor.balance.gte(instructed.Amount);
    const now = obDateTime(this.clock.now());
    return {
      Data: {
        FundsConfirmationId: newResourceId('FC'),
        ConsentId: consentId,
        CreationDateTime: now,
        ...(reference === undefined ? {} : { Reference: reference }),
        FundsAvailableResult: { FundsAvailableDateTime: now, FundsAvailable: available ? 'Available' : 'NotAvailable' },
        InstructedAmount: instructed,
      },
      Links: { Self: `${base}/pisp/domestic-vrp-consents/${consentId}/funds-confirmation` },
      Meta: {},
    };
  }
}
