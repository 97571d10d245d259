import 'reflect-metadata';
import { Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment, Tx } from '#libs/db';
import { PaymentExtensions } from '../payments/payment-extensions.js';
import { PaymentLinkPaymentPlug } from './payment-link-payment-plug.js';

/** A payment through a link that is still in progress: giving back does nothing, and reads nothing. */
const IN_PROGRESS = { paymentLinkId: 'pl-1', status: 'INITIATION_PROCESSING' } as Payment;
const NO_TRANSACTION = {} as Tx;

function boot(...plugs: Type[]): Promise<INestApplicationContext> {
  @Module({ providers: [PaymentExtensions, ...plugs] })
  class ProcessModule {}
  return NestFactory.createApplicationContext(ProcessModule, { logger: false, abortOnError: false });
}

describe('payment links in the extension port of payments', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is plugged into the process that provides its plug, as the application starts', async () => {
    app = await boot(PaymentLinkPaymentPlug);
    await expect(app.get(PaymentExtensions).giveBackLinkUse(NO_TRANSACTION, IN_PROGRESS, new Date())).resolves.toBe(
      undefined,
    );
  });

  it('is missing from a process without it: a payment through a link fails there, other payments do not', async () => {
    app = await boot();
    const payments = app.get(PaymentExtensions);
    await expect(
      payments.giveBackLinkUse(NO_TRANSACTION, { ...IN_PROGRESS, paymentLinkId: null }, new Date()),
    ).resolves.toBe(undefined);
    await expect(payments.giveBackLinkUse(NO_TRANSACTION, IN_PROGRESS, new Date())).rejects.toThrow(
      'payments: no payment link extension in this process (PaymentLinksApplicationModule)',
    );
  });
});
