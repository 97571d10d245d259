import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import type { ObieCall } from '../http/obie-call.js';
import { obDateTime } from '../http/obie-request.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { AuthorisationService } from '../oauth/authorisation.service.js';
import { consentNotAuthorised } from '../payments/consent-checks.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore } from '../store/consent.store.js';
import { validConsentData, validInitiation, type PaymentConsentKind } from './payment-initiation.js';
import { paymentConsentResponse } from './pisp-representations.js';

/** Domestic and scheduled payment consents: create, read, confirm funds. */
@Injectable()
export class PaymentConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    private readonly authorisation: AuthorisationService,
  ) {}

  async create(call: ObieCall, kind: PaymentConsentKind, key: string, body: unknown): Promise<object> {
    const token = await this.tokens.clientToken(call.bank.id, call.authorization, 'payments');
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
    let consent = await this.consents.create(
      call.bank.id,
      kind,
      token.clientId,
      request as Prisma.InputJsonObject,
      key,
    );
    // A token bound to a registered account (sandbox-only unattended payments): the holder's
    // standing agreement authorises the consent at once, from the account it names (a named
    // account the holder does not hold rejects it).
    if (token.username !== null && consent.status === 'AwaitingAuthorisation') {
      await this.authorisation.approve(consent, token.username);
      consent = await this.consents.get(call.bank.id, consent.id, kind);
    }
    return paymentConsentResponse(consent, kind, await this.accounts.findDebtor(consent), call.apiBase);
  }

  async read(call: ObieCall, kind: PaymentConsentKind, consentId: string): Promise<object> {
    const consent = await this.access.consent(call, 'payments', kind, consentId);
    return paymentConsentResponse(consent, kind, await this.accounts.findDebtor(consent), call.apiBase);
  }

  /** OBWriteFundsConfirmationResponse1, with the user's token, while the consent is Authorised. */
  async fundsConfirmation(call: ObieCall, consentId: string): Promise<object> {
    await this.tokens.userToken(call.bank.id, call.authorization, 'payments', consentId);
    const consent = await this.consents.get(call.bank.id, consentId, 'domestic-payment');
    assertUserApiAvailable(consent.username);
    if (consent.status !== 'Authorised') throw consentNotAuthorised(consent);
    const debtor = await this.accounts.findDebtor(consent);
    const { amount } = validInitiation((consent.request as { Data: Record<string, unknown> }).Data, 'domestic-payment');
    return {
      Data: {
        FundsAvailableResult: {
          FundsAvailableDateTime: obDateTime(this.clock.now()),
          FundsAvailable: debtor !== null && debtor.balance.gte(amount),
        },
      },
      Links: { Self: `${call.apiBase}/pisp/domestic-payment-consents/${consentId}/funds-confirmation` },
      Meta: {},
    };
  }
}
