import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb } from '../store/sandbox-db.js';
import { PaymentEngine } from '../payments/payment-engine.js';
import { INSUFFICIENT_FUNDS } from '../payments/payment-vocabulary.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AuthorisationsService, type Created } from './authorisations.service.js';
import { KNOWN_PAYMENT_PRODUCTS, validPaymentBody } from './payment-body.js';
import { isoToday, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aError } from './xs2a-error.js';
import { storedPayment, type StoredPayment } from './xs2a-representations.js';
import type { Bases, Xs2aHeaders } from './xs2a-request.js';
import { Xs2aResourceStore, type Xs2aResource } from './xs2a-resource.store.js';

/** The payment's transactionStatus with the reason a rejection carries. */
interface TransactionState {
  readonly status: string;
  readonly reason?: string;
}

/**
 * Payment initiations (`/v1/payments/{payment-product}`): created RCVD; an authorisation is
 * started with them unless the TPP prefers to start it itself; once authorised, the payment
 * order runs its scenario and its status is the payment's transactionStatus.
 */
@Injectable()
export class PaymentInitiationsService {
  constructor(
    private readonly resources: Xs2aResourceStore,
    private readonly authorisations: AuthorisationsService,
    private readonly prisma: SandboxDb,
    private readonly engine: PaymentEngine,
    private readonly clock: Clock,
  ) {}

  async create(bank: Xs2aBank, product: string, headers: Xs2aHeaders, body: unknown, bases: Bases): Promise<Created> {
    this.checkProduct(bank, product);
    if (headers.psuIpAddress === undefined)
      throw Xs2aError.format('PSU-IP-Address is required to initiate a payment.', 'PSU-IP-Address');
    const valid = validPaymentBody(body, product, isoToday(this.clock.nowMs()));
    const stored: StoredPayment = {
      product,
      payment: valid.body,
      amount: valid.amount,
      currency: valid.currency,
      ...(valid.debtorIban === undefined ? {} : { debtorIban: valid.debtorIban }),
      ...(valid.executeAt === undefined ? {} : { executeAt: valid.executeAt.toISOString() }),
    };
    return this.authorisations.create(bank, headers, bases, {
      kind: 'bg-payment-initiation',
      status: 'RCVD',
      stored,
      answer: (paymentId) => ({ transactionStatus: 'RCVD', paymentId }),
    });
  }

  /** The payment as initiated, with its transactionStatus. */
  async read(bank: Xs2aBank, product: string, paymentId: string): Promise<object> {
    const resource = await this.payment(bank, product, paymentId);
    const state = await this.transactionState(bank, resource, false);
    return { ...storedPayment(resource).payment, transactionStatus: state.status };
  }

  /** paymentInitiationStatusResponse: the status (a read moves the payment's scenario on). */
  async status(bank: Xs2aBank, product: string, paymentId: string): Promise<object> {
    const resource = await this.payment(bank, product, paymentId);
    const state = await this.transactionState(bank, resource, true);
    const insufficient = state.reason === INSUFFICIENT_FUNDS.statusReasonDescription;
    return {
      transactionStatus: state.status,
      ...(insufficient ? { fundsAvailable: false } : {}),
      ...(state.reason === undefined ? {} : { psuMessage: state.reason }),
    };
  }

  /** The payment of a path; a payment of another product is not found. */
  async payment(bank: Xs2aBank, product: string, paymentId: string): Promise<Xs2aResource> {
    this.checkProduct(bank, product);
    const resource = await this.resources.get(bank.id, 'bg-payment-initiation', paymentId);
    if (storedPayment(resource).product !== product) throw Xs2aError.resourceUnknown('Payment', paymentId);
    return resource;
  }

  /** The sandbox-bank-error scenario: once the payment's user is known, every call about it fails. */
  async assertAvailable(resource: Xs2aResource): Promise<void> {
    const current = (await this.resources.findById(resource.id)) ?? resource;
    assertUserApiAvailable(current.username);
  }

  private async transactionState(
    bank: Xs2aBank,
    initial: Xs2aResource,
    statusRead: boolean,
  ): Promise<TransactionState> {
    await this.authorisations.settleDue(bank, initial);
    const resource = (await this.resources.findById(initial.id)) ?? initial;
    assertUserApiAvailable(resource.username);
    const order = await this.prisma.sbPayment.findFirst({ where: { consentId: resource.id } });
    if (order !== null) {
      const current = statusRead ? await this.engine.onStatusRead(order) : order;
      return {
        status: current.status,
        ...(current.statusReasonDescription === null ? {} : { reason: current.statusReasonDescription }),
      };
    }
    if (resource.status !== 'RJCT') return { status: resource.status };
    const failed = (await this.authorisations.list(resource)).some(
      (authorisation) => authorisation.scaStatus === 'failed',
    );
    return {
      status: 'RJCT',
      reason: failed ? 'The PSU did not authorise the payment.' : 'The debtor account is not held by the PSU.',
    };
  }

  private checkProduct(bank: Xs2aBank, product: string): void {
    if (!(KNOWN_PAYMENT_PRODUCTS as readonly string[]).includes(product))
      throw new Xs2aError(404, 'PRODUCT_UNKNOWN', `${product} is not a payment product.`);
    if (!bank.berlinGroup.paymentProducts.includes(product))
      throw new Xs2aError(403, 'PRODUCT_INVALID', `${bank.name} does not offer ${product}.`);
  }
}
