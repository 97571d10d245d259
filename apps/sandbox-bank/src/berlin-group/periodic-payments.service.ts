import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb } from '../store/sandbox-db.js';
import { StandingOrderEngine } from '../payments/standing-order-engine.js';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AuthorisationsService, type Created } from './authorisations.service.js';
import { KNOWN_PAYMENT_PRODUCTS } from './payment-body.js';
import { validPeriodicPaymentBody } from './periodic-payment-body.js';
import { isoToday, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aError } from './xs2a-error.js';
import { storedPayment, type StoredPayment } from './xs2a-representations.js';
import type { Bases, Xs2aHeaders } from './xs2a-request.js';
import { Xs2aResourceStore, type Xs2aResource } from './xs2a-resource.store.js';

const KIND = 'bg-periodic-payment';
/** What a periodic payment is while the user has not authorised it. */
const OPEN = ['RCVD'];

/**
 * Periodic payments (`/v1/periodic-payments/{payment-product}`): standing orders, created RCVD
 * with their authorisation like single payments; once authorised, the standing order runs its
 * user's scenario (set up: ACCP; rejected: RJCT; pending: PDNG). DELETE cancels it (CANC).
 */
@Injectable()
export class PeriodicPaymentsService {
  constructor(
    private readonly resources: Xs2aResourceStore,
    private readonly authorisations: AuthorisationsService,
    private readonly prisma: SandboxDb,
    private readonly engine: StandingOrderEngine,
    private readonly clock: Clock,
  ) {}

  async create(bank: Xs2aBank, product: string, headers: Xs2aHeaders, body: unknown, bases: Bases): Promise<Created> {
    this.checkProduct(bank, product);
    if (headers.psuIpAddress === undefined)
      throw Xs2aError.format('PSU-IP-Address is required to initiate a payment.', 'PSU-IP-Address');
    const valid = validPeriodicPaymentBody(body, product, isoToday(this.clock.nowMs()));
    const stored: StoredPayment = {
      product,
      payment: valid.body,
      amount: valid.amount,
      currency: valid.currency,
      ...(valid.debtorIban === undefined ? {} : { debtorIban: valid.debtorIban }),
    };
    return this.authorisations.create(bank, headers, bases, {
      kind: KIND,
      status: 'RCVD',
      stored,
      answer: (paymentId) => ({ transactionStatus: 'RCVD', paymentId }),
    });
  }

  /** The periodic payment as initiated, with its transactionStatus. */
  async read(bank: Xs2aBank, product: string, paymentId: string): Promise<object> {
    const resource = await this.payment(bank, product, paymentId);
    return {
      ...storedPayment(resource).payment,
      transactionStatus: await this.transactionStatus(bank, resource, false),
    };
  }

  /** paymentInitiationStatusResponse (a read moves the standing order's scenario on). */
  async status(bank: Xs2aBank, product: string, paymentId: string): Promise<object> {
    const resource = await this.payment(bank, product, paymentId);
    const transactionStatus = await this.transactionStatus(bank, resource, true);
    const order = await this.prisma.sbPayment.findFirst({ where: { consentId: resource.id } });
    const reason = order?.statusReasonDescription ?? undefined;
    return { transactionStatus, ...(reason === undefined ? {} : { psuMessage: reason }) };
  }

  /**
   * Cancels the periodic payment: its standing order (once set up) or the initiation still
   * awaiting authorisation. One that already ended (rejected or cancelled) cannot be (400).
   */
  async cancel(bank: Xs2aBank, product: string, paymentId: string): Promise<void> {
    const resource = await this.payment(bank, product, paymentId);
    await this.authorisations.settleDue(bank, resource);
    assertUserApiAvailable(((await this.resources.findById(resource.id)) ?? resource).username);
    const order = await this.prisma.sbPayment.findFirst({ where: { consentId: resource.id } });
    const cancelled =
      order === null
        ? await this.resources.transition(resource.id, OPEN, 'CANC')
        : await this.engine.cancel(order, 'CANC');
    if (!cancelled) throw Xs2aError.statusInvalid('The periodic payment has ended: it cannot be cancelled.');
  }

  /** The periodic payment of a path; one of another product is not found. */
  async payment(bank: Xs2aBank, product: string, paymentId: string): Promise<Xs2aResource> {
    this.checkProduct(bank, product);
    const resource = await this.resources.get(bank.id, KIND, paymentId);
    if (storedPayment(resource).product !== product) throw Xs2aError.resourceUnknown('Periodic payment', paymentId);
    return resource;
  }

  /** The sandbox-bank-error scenario: once the payment's user is known, every call about it fails. */
  async assertAvailable(resource: Xs2aResource): Promise<void> {
    const current = (await this.resources.findById(resource.id)) ?? resource;
    assertUserApiAvailable(current.username);
  }

  private async transactionStatus(bank: Xs2aBank, initial: Xs2aResource, statusRead: boolean): Promise<string> {
    await this.authorisations.settleDue(bank, initial);
    const resource = (await this.resources.findById(initial.id)) ?? initial;
    assertUserApiAvailable(resource.username);
    const order = await this.prisma.sbPayment.findFirst({ where: { consentId: resource.id } });
    if (order === null) return resource.status;
    return (statusRead ? await this.engine.onStatusRead(order) : order).status;
  }

  private checkProduct(bank: Xs2aBank, product: string): void {
    if (!(KNOWN_PAYMENT_PRODUCTS as readonly string[]).includes(product))
      throw new Xs2aError(404, 'PRODUCT_UNKNOWN', `${product} is not a payment product.`);
    if (!bank.berlinGroup.paymentProducts.includes(product))
      throw new Xs2aError(403, 'PRODUCT_INVALID', `${bank.name} does not offer ${product}.`);
  }
}
