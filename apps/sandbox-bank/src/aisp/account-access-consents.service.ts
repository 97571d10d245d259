import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { requestBody } from '../http/ob-body.js';
import { obDateTime } from '../http/obie-request.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { CibaService } from '../oauth/ciba.service.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { ConsentStore, DELETED, type Consent } from '../store/consent.store.js';
import { validAccountAccessData } from './account-access-request.js';

/** OBReadConsentResponse1. */
function consentResponse(consent: Consent, base: string): object {
  const { Data, Risk } = consent.request as { Data: Record<string, unknown>; Risk: unknown };
  return {
    Data: {
      ConsentId: consent.id,
      CreationDateTime: obDateTime(consent.createdAt),
      Status: consent.status,
      StatusUpdateDateTime: obDateTime(consent.statusUpdatedAt),
      Permissions: Data['Permissions'],
      ...Object.fromEntries(
        ['ExpirationDateTime', 'TransactionFromDateTime', 'TransactionToDateTime']
          .filter((k) => Data[k] !== undefined)
          .map((k) => [k, Data[k]]),
      ),
    },
    Risk,
    Links: { Self: `${base}/aisp/account-access-consents/${consent.id}` },
    Meta: { TotalPages: 1 },
  };
}

/** Account-access consents: create, read, delete. */
@Injectable()
export class AccountAccessConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly consents: ConsentStore,
    private readonly ciba: CibaService,
  ) {}

  async create(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    key: string | undefined,
    body: unknown,
    base: string,
  ): Promise<object> {
    const token = await this.tokens.clientToken(bank.id, authorization, 'accounts');
    const { body: request, data } = requestBody(body, true);
    validAccountAccessData(data);
    return consentResponse(
      await this.consents.create(bank.id, 'account-access', token.clientId, request as Prisma.InputJsonObject, key),
      base,
    );
  }

  async read(
    bank: SandboxBankDefinition,
    authorization: string | undefined,
    consentId: string,
    base: string,
  ): Promise<object> {
    await this.tokens.clientToken(bank.id, authorization, 'accounts');
    await this.ciba.settleForConsent(consentId);
    const consent = await this.consents.get(bank.id, consentId, 'account-access');
    assertUserApiAvailable(consent.username);
    return consentResponse(consent, base);
  }

  async delete(bank: SandboxBankDefinition, authorization: string | undefined, consentId: string): Promise<void> {
    await this.tokens.clientToken(bank.id, authorization, 'accounts');
    const consent = await this.consents.get(bank.id, consentId, 'account-access');
    await this.consents.transition(consent.id, consent.status, DELETED);
  }
}
