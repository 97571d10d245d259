import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { BankRepository, MemberRepository, PaymentRepository, type Payment } from '#libs/db';
import type { PaymentInitiationInput } from '#libs/domain';
import { hasConnector } from '#libs/connectors';
import { selectableBanks, type SelectableBank } from './selectable-banks.js';

/** Callback tokens are base58; anything else (or anything longer) cannot name a payment. */
const TOKEN_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{1,64}$/;

/** Whether the user may still pick a bank for the payment. */
/** Who is paid through whom, besides the payment itself: what the pages name when they know it. */
export interface PaymentSummaryContext {
  /** The merchant the user pays (the member's display name; a sub-TPP's once they exist). */
  readonly merchantName?: string;
  /** The bank the payment goes through, once chosen. */
  readonly bank?: { readonly name: string; readonly logoUri: string };
}

export type Choosability = 'choosable' | 'expired' | 'past-selection';

export function initiationOf(payment: Payment): PaymentInitiationInput {
  return payment.initiation as unknown as PaymentInitiationInput;
}

/**
 * The hosted pages' reads: a payment by the callback token in the page's URL (the token is the
 * only credential these public pages take), and the banks it may be paid from.
 */
@Injectable()
export class HostedPayments {
  private readonly ownHosts: readonly string[];

  constructor(
    private readonly payments: PaymentRepository,
    private readonly banks: BankRepository,
    private readonly members: MemberRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ownHosts = [new URL(config.http.publicBaseUrl).hostname];
  }

  byToken(token: string): Promise<Payment | null> {
    return TOKEN_SHAPE.test(token) ? this.payments.findByCallbackToken(token) : Promise.resolve(null);
  }

  /** A payment still at bank selection whose window has passed is expired, even before its timer says so. */
  choosability(payment: Payment): Choosability {
    if (payment.status === 'INITIATION_EXPIRED' && payment.bankId === null) return 'expired';
    if (payment.status !== 'INITIATION_PENDING_REDIRECT_HP') return 'past-selection';
    return payment.expiresAt !== null && this.clock.now().getTime() >= payment.expiresAt.getTime()
      ? 'expired'
      : 'choosable';
  }

  /**
   * Who the user pays through, as the pages and the bank name it: the member's display name (a
   * sub-TPP's, once payments are made on behalf of one).
   */
  merchantNameOf(payment: Payment): Promise<string | undefined> {
    return this.members.displayNameOfOwner(payment.memberId);
  }

  /** What the pages name besides the payment: the merchant, and the bank once chosen (with its logo). */
  async summaryOf(payment: Payment): Promise<PaymentSummaryContext> {
    const [merchantName, bank] = await Promise.all([
      this.merchantNameOf(payment),
      payment.bankId === null ? null : this.banks.find(payment.bankId),
    ]);
    return {
      ...(merchantName === undefined ? {} : { merchantName }),
      ...(bank === null ? {} : { bank: { name: bank.name, logoUri: bank.logoUri } }),
    };
  }

  /**
   * The banks the payment can be made from, checked as POST /v2/payments checks a payment that
   * names its bank. The member's own rules held when the payment was created and its fields have
   * not changed since, so they are not asked again (`regulated: true` skips them).
   */
  async selectableFor(payment: Payment): Promise<SelectableBank[]> {
    const context = {
      member: { regulated: true },
      ownHosts: this.ownHosts,
      today: this.clock.now().toISOString().slice(0, 10),
    };
    return selectableBanks(await this.banks.listListed(), initiationOf(payment), context, hasConnector);
  }
}
