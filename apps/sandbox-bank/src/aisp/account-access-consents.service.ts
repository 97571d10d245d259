import { Injectable } from '@nestjs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody } from '../http/ob-body.js';
import type { ObieCall } from '../http/obie-call.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { validAccountAccessData } from './account-access-request.js';
import { obConsentStatus } from '../payments/ob-consent.js';

/** OBReadConsentResponse1. */
function consentResponse(consent: Consent, base: string): object {
  const { Data, Risk } = consent.request as { Data: Record<string, unknown>; Risk: unknown };
  return {
    Data: {
      ...obConsentStatus(consent),
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
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
  ) {}

  async create(call: ObieCall, key: string | undefined, body: unknown): Promise<object> {
    const token = await this.tokens.clientToken(call.bank.id, call.authorization, 'accounts');
    const { body: request, data } = requestBody(body, true);
    validAccountAccessData(data);
    const consent = await this.consents.create(
      call.bank.id,
      'account-access',
      token.clientId,
      request as Prisma.InputJsonObject,
      key === '' ? undefined : key,
    );
    return consentResponse(consent, call.apiBase);
  }

  async read(call: ObieCall, consentId: string): Promise<object> {
    return consentResponse(await this.access.consent(call, 'accounts', 'account-access', consentId), call.apiBase);
  }

  delete(call: ObieCall, consentId: string): Promise<void> {
    return this.access.deleteConsent(call, 'accounts', 'account-access', consentId);
  }
}
