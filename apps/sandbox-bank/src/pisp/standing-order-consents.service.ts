import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { Prisma } from '../store/sandbox-db.js';
import { requestBody } from '../http/ob-body.js';
import { ObieError } from '../http/obie-error.js';
import type { ObieCall } from '../http/obie-call.js';
import { ObieResourceAccess } from '../http/obie-resource-access.js';
import { AccessTokens } from '../oauth/access-tokens.js';
import { checkReadRefundAccount } from '../payments/consent-checks.js';
import { AccountStore } from '../store/account.store.js';
import { ConsentStore } from '../store/consent.store.js';
import { checkStandingOrderPermission, validStandingOrderInitiation } from './standing-order-initiation.js';
import { standingOrderConsentResponse } from './standing-order-representations.js';

const KIND = 'domestic-standing-order';

/** Domestic standing order consents: create (AwaitingAuthorisation) and read. */
@Injectable()
export class StandingOrderConsentsService {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly access: ObieResourceAccess,
    private readonly consents: ConsentStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
  ) {}

  async create(call: ObieCall, key: string, body: unknown): Promise<object> {
    const token = await this.tokens.clientToken(call.bank.id, call.authorization, 'payments');
    const { body: request, data } = requestBody(body, true);
    checkStandingOrderPermission(data);
    checkReadRefundAccount(data);
    const { firstPaymentAt } = validStandingOrderInitiation(data);
    // The first payment may be today (any time of it), not on an earlier day.
    if (firstPaymentAt.toISOString().slice(0, 10) < this.clock.now().toISOString().slice(0, 10)) {
      throw ObieError.badRequest(
        'UK.OBIE.Field.InvalidDate',
        'FirstPaymentDateTime must not be in the past.',
        'Data.Initiation.FirstPaymentDateTime',
      );
    }
    const consent = await this.consents.create(
      call.bank.id,
      KIND,
      token.clientId,
      request as Prisma.InputJsonObject,
      key,
    );
    return standingOrderConsentResponse(consent, null, call.apiBase);
  }

  async read(call: ObieCall, consentId: string): Promise<object> {
    const consent = await this.access.consent(call, 'payments', KIND, consentId);
    return standingOrderConsentResponse(consent, await this.accounts.findDebtor(consent), call.apiBase);
  }
}
