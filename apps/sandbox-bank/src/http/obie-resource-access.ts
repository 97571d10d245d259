import { Injectable } from '@nestjs/common';
import { AccessTokens, type ApiScope } from '../oauth/access-tokens.js';
import { CibaService } from '../oauth/ciba.service.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { ConsentStore, DELETED, type Consent, type ConsentKind } from '../store/consent.store.js';
import { PaymentStore, type Payment, type PaymentKind } from '../store/payment.store.js';
import type { ObieCall } from './obie-call.js';

/**
 * The consents and payment orders a call reads or deletes with the client's token, as every
 * Open Banking resource of the sandbox does: the token first, then the resource at the bank.
 */
@Injectable()
export class ObieResourceAccess {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly consents: ConsentStore,
    private readonly payments: PaymentStore,
    private readonly ciba: CibaService,
  ) {}

  /** The consent, once a decoupled answer due for it is settled; its user's API must be available. */
  async consent(call: ObieCall, scope: ApiScope, kind: ConsentKind, consentId: string): Promise<Consent> {
    await this.tokens.clientToken(call.bank.id, call.authorization, scope);
    await this.ciba.settleForConsent(consentId);
    const consent = await this.consents.get(call.bank.id, consentId, kind);
    assertUserApiAvailable(consent.username);
    return consent;
  }

  async deleteConsent(call: ObieCall, scope: ApiScope, kind: ConsentKind, consentId: string): Promise<void> {
    await this.tokens.clientToken(call.bank.id, call.authorization, scope);
    const consent = await this.consents.get(call.bank.id, consentId, kind);
    await this.consents.transition(consent.id, consent.status, DELETED);
  }

  /** The payment order; its user's API must be available. */
  async payment(call: ObieCall, kind: PaymentKind, paymentId: string): Promise<Payment> {
    await this.tokens.clientToken(call.bank.id, call.authorization, 'payments');
    const payment = await this.payments.get(call.bank.id, kind, paymentId);
    assertUserApiAvailable(payment.username);
    return payment;
  }
}
