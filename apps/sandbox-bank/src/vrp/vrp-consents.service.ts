import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { amountAt, optionalTextAt, requestBody, textAt } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import type { ObieCall } from '../http/obie-call.js';
import { idempotencyKey, obDateTime } from '../http/obie-request.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { consentNotAuthorised } from '../payments/consent-checks.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore } from '../store/consent.store.js';
import { newResourceId } from '../store/secret-hash.js';
import { validVrpConsentData } from './vrp-consent-request.js';
import { vrpConsentResponse } from './vrp-representations.js';

/** Domestic VRP consents: create, read, delete, confirm funds. */
@Injectable()
export class VrpConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  async create(call: ObieCall, key: string | undefined, body: unknown): Promise<object> {
    const idempotency = idempotencyKey(key);
    const token = await this.tokens.clientToken(call.bank.id, call.authorization, 'payments');
    const { body: request, data } = requestBody(body, true);
    validVrpConsentData(data);
    const consent = await this.consents.create(
      call.bank.id,
      'domestic-vrp',
      token.clientId,
      request as Prisma.InputJsonObject,
      idempotency,
    );
    return vrpConsentResponse(consent, null, call.apiBase);
  }

  async read(call: ObieCall, consentId: string): Promise<object> {
    const consent = await this.access.consent(call, 'payments', 'domestic-vrp', consentId);
    return vrpConsentResponse(consent, await this.accounts.findDebtor(consent), call.apiBase);
  }

  delete(call: ObieCall, consentId: string): Promise<void> {
    return this.access.deleteConsent(call, 'payments', 'domestic-vrp', consentId);
  }

  /**
   * OBVRPFundsConfirmationResponse for OBVRPFundsConfirmationRequest, with the consent's access
   * token (checked fresh: a token revoked at the bank is a 401 at once). Data.Reference, when
   * given, repeats the consent's Initiation.RemittanceInformation.Reference.
   */
  async fundsConfirmation(call: ObieCall, consentId: string, body: unknown): Promise<object> {
    await this.tokens.userToken(call.bank.id, call.authorization, 'payments', consentId, true);
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
    const consent = await this.consents.get(call.bank.id, consentId, 'domestic-vrp');
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') throw consentNotAuthorised(consent);
    const initiation = (
      consent.request as { Data: { Initiation?: { RemittanceInformation?: { Reference?: string } } } }
    ).Data.Initiation;
    const consentReference = initiation?.RemittanceInformation?.Reference;
    if (reference !== undefined && consentReference !== undefined && reference !== consentReference) {
      throw ObieError.badRequest(
        'UK.OBIE.Resource.ConsentMismatch',
        "Data.Reference differs from the consent's Initiation.RemittanceInformation.Reference.",
        'Data.Reference',
      );
    }
    const debtor = await this.accounts.findDebtor(consent);
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
      Links: { Self: `${call.apiBase}/pisp/domestic-vrp-consents/${consentId}/funds-confirmation` },
      Meta: {},
    };
  }
}
