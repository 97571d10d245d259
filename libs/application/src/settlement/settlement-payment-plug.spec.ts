import 'reflect-metadata';
import { Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '#libs/db';
import { PaymentExtensions } from '../payments/payment-extensions.js';
import { TransferExtensions } from '../transfers/transfer-extensions.js';
import { SettlementPaymentPlug } from './settlement-payment-plug.js';

const COMPLETED_TO_ACCOUNT: Pick<Payment, 'status' | 'virtualAccountId'> = {
  status: 'INITIATION_COMPLETED',
  virtualAccountId: 'va-1',
};

/** A process's application: the ports' holders, and whichever plugs its modules provide. */
function boot(...plugs: Type[]): Promise<INestApplicationContext> {
  @Module({ providers: [PaymentExtensions, TransferExtensions, ...plugs] })
  class ProcessModule {}
  return NestFactory.createApplicationContext(ProcessModule, { logger: false, abortOnError: false });
}

describe('settlement in the extension ports of payments and transfers', () => {
  let app: INestApplicationContext | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is plugged into the process that provides its plug, as the application starts', async () => {
    app = await boot(SettlementPaymentPlug);
    const payments = app.get(PaymentExtensions);
    expect(payments.opensSettlementWindow(COMPLETED_TO_ACCOUNT)).toBe(true);
    expect(payments.opensSettlementWindow({ ...COMPLETED_TO_ACCOUNT, status: 'INITIATION_PROCESSING' })).toBe(false);
  });

  it('is missing from a process without it: a settlement-account payment fails there, other payments do not', async () => {
    app = await boot();
    const payments = app.get(PaymentExtensions);
    expect(payments.opensSettlementWindow({ ...COMPLETED_TO_ACCOUNT, virtualAccountId: null })).toBe(false);
    expect(() => payments.opensSettlementWindow(COMPLETED_TO_ACCOUNT)).toThrow(
      'payments: no settlement extension in this process (SettlementApplicationModule)',
    );
    expect(() =>
      app?.get(TransferExtensions).openTransferSettlementWindow({} as never, {} as never, new Date()),
    ).toThrow('transfers: no settlement extension in this process (SettlementApplicationModule)');
  });
});
